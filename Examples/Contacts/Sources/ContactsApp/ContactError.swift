/// Why the app refused a change it was asked to make (a server-pushed contact without a name).
///
/// ```swift
/// do { try model.receiveIncoming(ContactDraft()) } catch { print(error.message) }
/// ```
public struct ContactError: Error, Equatable, Sendable {
  /// What was wrong, in words.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }
}
