/// A value plus the signal that reports reads and writes of it.
///
/// A class so that the `Observed` wrapper and every binding derived from it share one cell
/// without retaining the model that declares the property.
final class ObservedStorage<Value> {
  var value: Value
  let signal = ObservationSignal()

  init(_ value: Value) {
    self.value = value
  }

  func read() -> Value {
    signal.recordAccess()
    return value
  }

  func write(_ newValue: Value) {
    value = newValue
    signal.didChange()
  }
}
