import ContactsApp
import NavigationCore
import NavigationTesting

/// A fresh address book at `url`, driven as a person would.
func makeDriver(url: String = "/") -> (PageDriver, ContactsModel) {
  let model = ContactsModel()
  let isKnown = (try? model.routes.navigate(to: url).get()) != nil
  precondition(isKnown, "the tests start at a URL the app has: \(url)")
  return (PageDriver(model: model) { contactsView($0) }, model)
}
