/// An observable stored property for a model class, without macros.
///
/// Reads inside `observe` are tracked and writes mark those observers pending. The projected
/// value (`$property`) is a ``UIBinding`` to the property.
///
/// ```swift
/// final class FeatureModel {
///   @Observed var count = 0
///   @Observed var destination: Destination?
/// }
///
/// let model = FeatureModel()
/// let token = observe { print(model.count) }
/// let destination: UIBinding<Destination?> = model.$destination
/// ```
///
/// The value lives in a small shared box: copying the wrapper (e.g. in a struct) shares it, so
/// use it in classes. Bindings from `$property` keep the box alive, not the model.
@propertyWrapper
public struct Observed<Value> {
  let storage: ObservedStorage<Value>

  /// Creates the property with its initial value.
  ///
  /// ```swift
  /// @Observed var isLoading = false
  /// ```
  public init(wrappedValue: Value) {
    storage = ObservedStorage(wrappedValue)
  }

  /// The current value; reading it is tracked, writing it notifies observers.
  ///
  /// ```swift
  /// model.count += 1
  /// ```
  public var wrappedValue: Value {
    get { storage.read() }
    nonmutating set { storage.write(newValue) }
    // In-place mutation (e.g. `items.append`) without copying the value first.
    nonmutating _modify {
      yield &storage.value
      storage.signal.didChange()
    }
  }

  /// A binding that reads and writes this property.
  ///
  /// ```swift
  /// let isOn: UIBinding<Bool> = model.$isOn
  /// ```
  public var projectedValue: UIBinding<Value> {
    let storage = self.storage
    return UIBinding(get: { storage.read() }, set: { storage.write($0) })
  }
}
