import NavigationCore
import VirtualDOM

/// The whole address book: the list on the root page, contact pages pushed onto a stack (and an
/// edit page drilled into from one), and the dialogs presented from `model.destination`.
///
/// ```swift
/// let model = ContactsModel()
/// let runtime = NavigationRuntime(retaining: [model]) { contactsView(model) }
/// ```
public func contactsView(_ model: ContactsModel) -> Node {
  let destination = model.$destination
  return NavigationStack(routes: model.routes) {
    // A div, not <main>: the stack puts its root page in a <section>.
    div(.class("contacts")) {
      // Every child keyed, so "No contacts yet." coming and going never shifts the others (only
      // an all-keyed list is diffed by key).
      header(.key("header"), .class("page-header")) {
        h1 { "Contacts" }
        button(.type("button"), .class("primary"), .onClick { model.addContactTapped() }) { "Add contact" }
      }
      div(.key("filter"), .class("field filter")) {
        label(.for("contact-filter")) { "Filter" }
        input(
          .id("contact-filter"), .type("search"), .name("q"), .value(model.query),
          .onInput { model.query = $0 })
      }
      if model.contacts.isEmpty {
        p(.key("empty"), .class("empty")) { "No contacts yet." }
      }
      ul(.key("contact-list"), .class("contact-list")) {
        for contact in model.filteredContacts {
          contactRow(contact, model: model)
        }
      }
    }
    .navigationDestination(for: ContactPage.self) { page in
      contactPage(page, model: model)
    }
  }
  .sheet(item: destination.addContact) { draft in
    addContactForm(draft, model: model)
  }
  .alert(destination.deleteAlert) { action in
    model.alertButtonTapped(action)
  }
  .confirmationDialog(destination.shareDialog) { action in
    model.shareButtonTapped(action)
  }
}

/// A row of the list: the name opens the contact's page; Delete asks first.
func contactRow(_ contact: Contact, model: ContactsModel) -> Node {
  li(.key("contact-\(contact.id)"), .class("contact")) {
    NavigationLink(value: ContactPage(contactID: contact.id)) { contact.name }
    span(.class("email")) { contact.email }
    // The accessible name says which row the button acts on; it starts with the visible text.
    button(
      .type("button"), .class("destructive"), .aria("label", "Delete \(contact.name)"),
      .onClick { model.deleteTapped(contact) }
    ) {
      "Delete"
    }
  }
}
