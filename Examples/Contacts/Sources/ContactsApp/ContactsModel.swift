import NavigationCore

/// The address book's state: the contacts, the one dialog that may be open, the stack of contact
/// pages, and the edit page drilled into from a contact's page.
///
/// ```swift
/// let model = ContactsModel()
/// model.addContactTapped()                      // opens "Add contact"
/// model.routes.navigate(to: "/contacts/2/edit")  // Grace's page, then her edit page
/// model.routes.url                              // "/contacts/2/edit"
/// ```
public final class ContactsModel {
  /// The address book, in the order the list shows it.
  @Observed public var contacts: [Contact]
  /// The dialog on screen, if any: one enum, so only one is ever open.
  @Observed public var destination: Destination?
  /// The contact pages on the stack (``ContactPage`` values).
  @Observed public var path = UINavigationPath()
  /// The edit page pushed over a contact's page (`navigationDestination(item:)`); `nil` pops it.
  @Observed public var editing: ContactEdit?
  /// The list's filter, the URL's `?q=` (typing in it replaces the browser's history entry).
  @Observed public var query = ""
  /// The last share, announced on its contact's page until the next one.
  @Observed public var lastShare: ShareAction?
  private var nextID: Int

  /// The one dialog that can be open.
  public enum Destination {
    case addContact(ContactDraft)
    case deleteAlert(AlertState<AlertAction>)
    case shareDialog(ConfirmationDialogState<ShareAction>)
  }

  /// What the delete alert's buttons do.
  public enum AlertAction: Equatable, Sendable {
    case confirmDelete(contactID: Int)
  }

  /// What the "Share via…" dialog's buttons do.
  public enum ShareAction: Equatable, Sendable {
    case email(contactID: Int)
    case message(contactID: Int)
  }

  /// An address book holding `contacts` (three well-known people by default), on its list.
  ///
  /// ```swift
  /// let empty = ContactsModel(contacts: [])
  /// ```
  public init(contacts: [Contact] = ContactsModel.sampleContacts) {
    self.contacts = contacts
    var maximum = 0
    for contact in contacts where contact.id > maximum { maximum = contact.id }
    nextID = maximum + 1
  }

  /// The contacts a new visitor starts with (ids 1, 2 and 3).
  public static let sampleContacts = [
    Contact(id: 1, name: "Ada Lovelace", email: "ada@example.com", phone: "555-0101"),
    Contact(id: 2, name: "Grace Hopper", email: "grace@example.com", phone: "555-0102"),
    Contact(id: 3, name: "Alan Turing", email: "alan@example.com", phone: "555-0103"),
  ]

  /// The contacts the list shows: those whose name contains the filter, ASCII letters in any
  /// case.
  ///
  /// ```swift
  /// model.query = "gr"
  /// model.filteredContacts.map { $0.name }   // ["Grace Hopper"]
  /// ```
  public var filteredContacts: [Contact] {
    query.isEmpty ? contacts : contacts.filter { NameFilter.matches($0.name, query) }
  }

  /// The contact with `id`, if it is still in the address book.
  ///
  /// ```swift
  /// model.contact(2)?.name   // "Grace Hopper"
  /// ```
  public func contact(_ id: Int) -> Contact? {
    contacts.first { $0.id == id }
  }

  // MARK: Adding

  /// Opens the "Add contact" sheet with an empty draft.
  ///
  /// ```swift
  /// model.addContactTapped()   // model.routes.url == "/add"
  /// ```
  public func addContactTapped() {
    destination = .addContact(ContactDraft())
  }

  /// Saves the "Add contact" draft as a new contact and closes the sheet; a draft without a name
  /// stays open, saying why.
  ///
  /// ```swift
  /// model.addContactTapped()
  /// model.saveNewContact()   // refused: the sheet now says "Enter a name."
  /// ```
  public func saveNewContact() {
    guard case .addContact(var draft) = destination else { return }
    if let problem = draft.validationProblem {
      draft.problem = problem
      destination = .addContact(draft)
      return
    }
    contacts.append(Contact(id: nextID, name: draft.name, email: draft.email, phone: draft.phone))
    nextID += 1
    destination = nil
  }

  /// A contact the server received (another device, an import): added at the end of the list.
  /// A contact without a name is refused and nothing changes.
  ///
  /// ```swift
  /// let added = try model.receiveIncoming(ContactDraft(name: "Katherine Johnson"))
  /// ```
  @discardableResult
  public func receiveIncoming(_ draft: ContactDraft) throws(ContactError) -> Contact {
    if let problem = draft.validationProblem {
      throw ContactError("incoming contact refused: \(problem)")
    }
    let contact = Contact(id: nextID, name: draft.name, email: draft.email, phone: draft.phone)
    contacts.append(contact)
    nextID += 1
    return contact
  }

  // MARK: Deleting

  /// Asks before deleting `contact`: opens the delete alert.
  ///
  /// ```swift
  /// model.deleteTapped(model.contacts[0])   // "Delete Ada Lovelace?"
  /// ```
  public func deleteTapped(_ contact: Contact) {
    destination = .deleteAlert(
      AlertState {
        TextState("Delete \(contact.name)?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDelete(contactID: contact.id)) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      })
  }

  /// Runs the delete alert's button: Delete removes the contact and pops its pages; Cancel
  /// (`nil`) does nothing.
  ///
  /// ```swift
  /// model.alertButtonTapped(.confirmDelete(contactID: 1))
  /// ```
  public func alertButtonTapped(_ action: AlertAction?) {
    guard case .confirmDelete(let id)? = action else { return }
    delete(id)
  }

  /// Removes a contact and every page that shows it.
  func delete(_ id: Int) {
    contacts.removeAll { $0.id == id }
    if editing?.contactID == id { editing = nil }
    var kept: [UINavigationPath.Element] = []
    for element in path.elements {
      if element.value(as: ContactPage.self)?.contactID == id { break }
      kept.append(element)
    }
    if kept.count < path.count { path = UINavigationPath(elements: kept) }
  }

  // MARK: Sharing

  /// Asks how to share `contact`: opens the "Share … via…" dialog.
  ///
  /// ```swift
  /// model.shareTapped(model.contacts[0])   // "Share Ada Lovelace via…"
  /// ```
  public func shareTapped(_ contact: Contact) {
    destination = .shareDialog(
      ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Share \(contact.name) via…")
      } actions: {
        ButtonState(action: .email(contactID: contact.id)) { TextState("Email") }
        ButtonState(action: .message(contactID: contact.id)) { TextState("Message") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      })
  }

  /// Runs the share dialog's button: records the share (its contact's page announces it);
  /// Cancel (`nil`) does nothing.
  ///
  /// ```swift
  /// model.shareButtonTapped(.email(contactID: 1))   // model.lastShare == .email(contactID: 1)
  /// ```
  public func shareButtonTapped(_ action: ShareAction?) {
    guard let action, contact(action.contactID) != nil else { return }
    lastShare = action
  }

  // MARK: Editing

  /// Drills into `contact`'s edit page, starting from its current fields.
  ///
  /// ```swift
  /// model.editTapped(model.contacts[1])   // model.routes.url == "/contacts/2/edit" on Grace's page
  /// ```
  public func editTapped(_ contact: Contact) {
    editing = ContactEdit(contactID: contact.id, draft: ContactDraft(contact))
  }

  /// Writes the edit page's draft back to its contact and pops the page; a draft without a name
  /// stays, saying why.
  ///
  /// ```swift
  /// model.editing?.draft.phone = "555-0199"
  /// model.saveEdit()
  /// ```
  public func saveEdit() {
    guard var edit = editing, let index = contacts.firstIndex(where: { $0.id == edit.contactID }) else { return }
    if let problem = edit.draft.validationProblem {
      edit.draft.problem = problem
      editing = edit
      return
    }
    contacts[index].name = edit.draft.name
    contacts[index].email = edit.draft.email
    contacts[index].phone = edit.draft.phone
    editing = nil
  }
}
