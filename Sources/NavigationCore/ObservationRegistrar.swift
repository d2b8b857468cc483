/// Makes hand-written model properties observable, for when a property wrapper does not fit
/// (computed storage, custom setters).
///
/// Report each read with ``access(_:)`` and each write with ``didChange(_:)``, naming the
/// property by a string that is unique within the model:
///
/// ```swift
/// final class InventoryModel {
///   private let registrar = ObservationRegistrar()
///   private var _items: [Item] = []
///
///   var items: [Item] {
///     get { registrar.access("items"); return _items }
///     set { _items = newValue; registrar.didChange("items") }
///   }
/// }
/// ```
///
/// The registrar holds no reference to observers, so observing a model never keeps it alive.
public final class ObservationRegistrar {
  private var signals: [String: ObservationSignal] = [:]

  /// Creates a registrar with no tracked properties.
  ///
  /// ```swift
  /// private let registrar = ObservationRegistrar()
  /// ```
  public init() {}

  /// Records that the running observer, if any, read `property`.
  ///
  /// ```swift
  /// get { registrar.access("count"); return _count }
  /// ```
  public func access(_ property: String) {
    guard ObservationRuntime.trackingObserver != nil else { return }
    signal(for: property).recordAccess()
  }

  /// Marks the observers that read `property` pending; call it after storing the new value.
  ///
  /// ```swift
  /// set { _count = newValue; registrar.didChange("count") }
  /// ```
  public func didChange(_ property: String) {
    signals[property]?.didChange()
  }

  /// Performs `mutation` and then reports a change of `property`.
  ///
  /// ```swift
  /// func addItem(_ item: Item) {
  ///   registrar.withMutation(of: "items") { _items.append(item) }
  /// }
  /// ```
  ///
  /// - Returns: What `mutation` returns.
  public func withMutation<Result, Failure: Error>(
    of property: String,
    _ mutation: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { didChange(property) }
    return try mutation()
  }

  private func signal(for property: String) -> ObservationSignal {
    if let signal = signals[property] { return signal }
    let signal = ObservationSignal()
    signals[property] = signal
    return signal
  }
}
