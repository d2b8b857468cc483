import NavigationCore

extension ContactsModel {
  /// Where the app is now: the top contact page (or its edit page), else the "Add contact" sheet
  /// or the list.
  ///
  /// ```swift
  /// model.location   // .edit(contactID: 2) on Grace's edit page
  /// ```
  public var location: ContactsLocation {
    var top: Int?
    for element in path.elements {
      if let page = element.value(as: ContactPage.self) { top = page.contactID }
    }
    if let id = top {
      return editing?.contactID == id ? .edit(contactID: id) : .contact(contactID: id)
    }
    if case .addContact? = destination { return .add }
    return .list
  }

  /// The URL of the current state: it follows the stack, the edit page and the add sheet.
  ///
  /// ```swift
  /// model.url   // "/contacts/2"
  /// ```
  public var url: String { location.url }

  /// Brings the app to `url` (a deep link, or the browser's back and forward buttons): any other
  /// dialog closes. `false`, and nothing changes, for a URL the app does not have or a contact
  /// that does not exist.
  ///
  /// ```swift
  /// model.navigate(to: "/contacts/2")    // true: Grace Hopper's page
  /// model.navigate(to: "/contacts/99")   // false: no such contact
  /// ```
  @discardableResult
  public func navigate(to url: String) -> Bool {
    guard let location = ContactsLocation(url: url) else { return false }
    switch location {
    case .list:
      show(path: [], editing: nil)
      closeDialog()
    case .add:
      show(path: [], editing: nil)
      // Coming back to /add keeps a draft already being written.
      if case .addContact? = destination {} else { destination = .addContact(ContactDraft()) }
    case .contact(let id):
      guard contact(id) != nil else { return false }
      show(path: [ContactPage(contactID: id)], editing: nil)
      closeDialog()
    case .edit(let id):
      guard let contact = contact(id) else { return false }
      // Coming back to the same edit page keeps its draft.
      let edit = editing?.contactID == id ? editing : ContactEdit(contactID: id, draft: ContactDraft(contact))
      show(path: [ContactPage(contactID: id)], editing: edit)
      closeDialog()
    }
    return true
  }

  /// Sets the stack and the edit page only when they differ, so an unchanged part renders
  /// nothing.
  private func show(path pages: [ContactPage], editing edit: ContactEdit?) {
    let newPath = UINavigationPath(pages)
    if path != newPath { path = newPath }
    if editing != edit { editing = edit }
  }

  private func closeDialog() {
    if destination != nil { destination = nil }
  }
}
