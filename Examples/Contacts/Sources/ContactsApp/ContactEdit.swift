/// The edit page's state: which contact it edits and the draft of its fields.
///
/// ```swift
/// model.editing = ContactEdit(contactID: 2, draft: ContactDraft(contact))
/// ```
public struct ContactEdit: Hashable, Sendable {
  public var contactID: Int
  public var draft: ContactDraft

  /// The edit page of contact `contactID`, showing `draft`.
  public init(contactID: Int, draft: ContactDraft) {
    self.contactID = contactID
    self.draft = draft
  }
}
