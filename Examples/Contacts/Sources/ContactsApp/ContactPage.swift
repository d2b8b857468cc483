/// A contact's page on the navigation stack (what `NavigationLink(value:)` pushes).
///
/// ```swift
/// NavigationLink(value: ContactPage(contactID: 2)) { "Grace Hopper" }
/// ```
public struct ContactPage: Hashable, Sendable {
  public var contactID: Int

  /// The page of contact `contactID`.
  public init(contactID: Int) {
    self.contactID = contactID
  }
}
