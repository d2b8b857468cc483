import NavigationCore

extension ContactsModel {
  /// The contact pages' URLs: `/contacts/2`.
  ///
  /// ```swift
  /// ContactsModel.pages.url(for: UINavigationPath([ContactPage(contactID: 2)]))   // "/contacts/2"
  /// ```
  public static let pages = NavigationRoutes([
    NavigationRoute(
      "contacts/:id", ContactPage.self,
      parse: { parameters, below in
        guard below == nil, let id = parameters.int("id"), id > 0 else { return nil }
        return ContactPage(contactID: id)
      },
      print: { [String($0.contactID)] })
  ])

  /// The address book's URLs, declared once: the list (`/`, filtered by `?q=`), the "Add
  /// contact" sheet (`/add`),
  /// a contact's page (`/contacts/2`) and its edit page (`/contacts/2/edit`). The stack's links
  /// and the session's URL both come from here. A contact that does not exist is a 404; the
  /// dialogs without a URL (delete, share) close when the URL changes.
  ///
  /// ```swift
  /// model.routes.url                           // "/contacts/2/edit"
  /// model.routes.navigate(to: "/contacts/3")   // .success: Alan Turing's page
  /// ```
  public var routes: AppRoutes {
    AppRoutes(
      path: $path, pages: Self.pages,
      presentations: [
        PresentationRoute(
          "add",
          present: { [self] _ in
            // Coming back to /add keeps a draft already being written.
            if case .addContact? = destination {} else { destination = .addContact(ContactDraft()) }
            return true
          },
          print: { [self] in if case .addContact? = destination { [] } else { nil } },
          dismiss: { [self] in destination = nil }),
        PresentationRoute(
          "edit", below: ContactPage.self,
          present: { [self] _, page in
            guard let page, let contact = contact(page.contactID) else { return false }
            // Coming back to the same edit page keeps its draft.
            if editing?.contactID != page.contactID {
              editing = ContactEdit(contactID: page.contactID, draft: ContactDraft(contact))
            }
            return true
          },
          print: { [self] in
            guard let edit = editing, path.elements.last?.value(as: ContactPage.self)?.contactID == edit.contactID
            else { return nil }
            return []
          },
          dismiss: { [self] in editing = nil }),
      ],
      query: [QueryParameter("q", $query, on: .everywhere)],
      refuse: { [self] path in
        guard let page = path.elements.first?.value(as: ContactPage.self), contact(page.contactID) == nil else {
          return nil
        }
        return "there is no contact \(page.contactID)"
      },
      willNavigate: { [self] in
        if case .addContact? = destination {} else if destination != nil { destination = nil }
      })
  }

  /// The URL of the current state: it follows the stack, the edit page and the add sheet.
  ///
  /// ```swift
  /// model.url   // "/contacts/2"
  /// ```
  public var url: String { routes.url }

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
    if case .success = routes.navigate(to: url) { return true }
    return false
  }
}
