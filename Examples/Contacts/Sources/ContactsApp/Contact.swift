/// A person in the address book.
///
/// ```swift
/// let ada = Contact(id: 1, name: "Ada Lovelace", email: "ada@example.com", phone: "555-0101")
/// ```
public struct Contact: Hashable, Identifiable, Sendable {
  public var id: Int
  public var name: String
  public var email: String
  public var phone: String

  /// A contact; only the name is needed.
  ///
  /// ```swift
  /// Contact(id: 4, name: "Katherine Johnson")
  /// ```
  public init(id: Int, name: String, email: String = "", phone: String = "") {
    self.id = id
    self.name = name
    self.email = email
    self.phone = phone
  }
}
