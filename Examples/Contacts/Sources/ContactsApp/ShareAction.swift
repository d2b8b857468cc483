extension ContactsModel.ShareAction {
  /// The contact being shared.
  public var contactID: Int {
    switch self {
    case .email(let id), .message(let id): return id
    }
  }

  /// What the contact's page says after the share: "Shared Ada Lovelace by email."
  public func sentence(for contact: Contact) -> String {
    switch self {
    case .email: return "Shared \(contact.name) by email."
    case .message: return "Shared \(contact.name) by message."
    }
  }
}
