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
@available(*, deprecated, message: "use @Observed on the stored property (its name clashed with Observation's ObservationRegistrar); removed in 0.11")
public final class ObservationRegistrar {
  /// One signal per property name. A model has a handful of properties, so a list searched in
  /// order is as fast as a dictionary, and keeps String hashing out of the WebAssembly module.
  private var signals: [(property: String, signal: ObservationSignal)] = []

  /// Creates a registrar with no tracked properties.
  ///
  /// ```swift
  /// let registrar = ObservationRegistrar()
  /// ```
  public init() {}

  /// Records that the running observer, if any, read `property`.
  ///
  /// ```swift
  /// final class CounterModel {
  ///   private let registrar = ObservationRegistrar()
  ///   private var _count = 0
  ///   var count: Int {
  ///     get { registrar.access("count"); return _count }
  ///     set { _count = newValue; registrar.didChange("count") }
  ///   }
  /// }
  /// ```
  public func access(_ property: String) {
    guard RuntimeState.current.trackingObserver != nil else { return }
    signal(for: property).recordAccess()
  }

  /// Marks the observers that read `property` pending; call it after storing the new value.
  ///
  /// ```swift
  /// final class CounterModel {
  ///   private let registrar = ObservationRegistrar()
  ///   private var _count = 0
  ///   var count: Int {
  ///     get { registrar.access("count"); return _count }
  ///     set { _count = newValue; registrar.didChange("count") }
  ///   }
  /// }
  /// ```
  public func didChange(_ property: String) {
    existingSignal(for: property)?.didChange()
  }

  /// Performs `mutation` and then reports a change of `property`.
  ///
  /// ```swift
  /// final class InventoryModel {
  ///   private let registrar = ObservationRegistrar()
  ///   private var _items: [Item] = []
  ///   func addItem(_ item: Item) {
  ///     registrar.withMutation(of: "items") { _items.append(item) }
  ///   }
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

  private func existingSignal(for property: String) -> ObservationSignal? {
    for entry in signals where entry.property == property { return entry.signal }
    return nil
  }

  private func signal(for property: String) -> ObservationSignal {
    if let signal = existingSignal(for: property) { return signal }
    let signal = ObservationSignal()
    signals.append((property, signal))
    return signal
  }
}
