/// The fields a form edits before they become a ``Contact`` (the "Add contact" sheet and the edit
/// page), with the problem the last Save found, if any.
///
/// ```swift
/// var draft = ContactDraft()
/// draft.name = "Grace Hopper"
/// draft.problem     // nil: nothing was rejected yet
/// ```
public struct ContactDraft: Hashable, Sendable {
  public var name = ""
  public var email = ""
  public var phone = ""
  /// Why the last Save was refused, shown in the form; `nil` until a Save is refused.
  public var problem: String?

  /// A draft with these fields and no problem.
  ///
  /// ```swift
  /// ContactDraft(name: "Katherine Johnson", email: "kj@example.com")
  /// ```
  public init(name: String = "", email: String = "", phone: String = "") {
    self.name = name
    self.email = email
    self.phone = phone
  }

  /// A draft holding `contact`'s fields (the edit page starts from it).
  ///
  /// ```swift
  /// ContactDraft(model.contacts[0]).name   // "Ada Lovelace"
  /// ```
  public init(_ contact: Contact) {
    self.init(name: contact.name, email: contact.email, phone: contact.phone)
  }

  /// Why this draft cannot be saved, or `nil` when it can: a contact needs a name.
  ///
  /// ```swift
  /// ContactDraft(name: "  ").validationProblem   // "Enter a name."
  /// ```
  public var validationProblem: String? {
    // Spaces only count as empty; read as bytes so no Unicode tables are needed.
    name.utf8.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ? nil : "Enter a name."
  }
}
