/// A key for a value stored in a `UITransaction`, with the value used when none was set.
///
/// Declare a key as a type and expose it as a property on `UITransaction`:
///
/// ```swift
/// enum ScrollsToTopKey: UITransactionKey {
///   static var defaultValue: Bool { false }
/// }
///
/// extension UITransaction {
///   var scrollsToTop: Bool {
///     get { self[ScrollsToTopKey.self] }
///     set { self[ScrollsToTopKey.self] = newValue }
///   }
/// }
/// ```
public protocol UITransactionKey {
  /// The type of the value stored under this key.
  associatedtype Value

  /// The value read when the transaction holds nothing under this key.
  static var defaultValue: Value { get }
}
