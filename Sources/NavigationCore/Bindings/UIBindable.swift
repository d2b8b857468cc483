/// Derives bindings to the properties of a model object.
///
/// Natively, `@UIBindable var model` lets you write `$model.count` for any writable property
/// (key paths). Portably, derive a binding with closures through ``member(get:set:)``. Either
/// way the bindings keep the model alive until they are released. (For `@Observed` properties,
/// `model.$count` is simpler and does not retain the model.)
///
/// ```swift
/// final class CounterModel { var count = 0 }
///
/// @UIBindable var model = CounterModel()
/// let count: UIBinding<Int> = $model.count                                  // native
/// let same = $model.member(get: { $0.count }, set: { $0.count = $1 })       // anywhere
/// ```
#if !hasFeature(Embedded)
  @dynamicMemberLookup
#endif
@propertyWrapper
public struct UIBindable<Object: AnyObject> {
  /// The model object.
  ///
  /// ```swift
  /// model.count += 1
  /// ```
  public var wrappedValue: Object

  /// Wraps a model object.
  ///
  /// ```swift
  /// @UIBindable var model = AppModel()
  /// ```
  public init(wrappedValue: Object) {
    self.wrappedValue = wrappedValue
  }

  /// Wraps a model object (the non-attribute spelling).
  ///
  /// ```swift
  /// let bindable = UIBindable(model)
  /// ```
  public init(_ object: Object) {
    self.wrappedValue = object
  }

  /// The wrapper itself, so `$model` derives bindings.
  ///
  /// ```swift
  /// @UIBindable var model = AppModel()
  /// let bindable: UIBindable<AppModel> = $model
  /// ```
  public var projectedValue: UIBindable<Object> { self }

  /// A binding to a property of the object, described by closures.
  ///
  /// ```swift
  /// @UIBindable var model = AppModel()
  /// let title = $model.member(get: { $0.title }, set: { $0.title = $1 })
  /// ```
  ///
  /// - Parameters:
  ///   - get: Reads the property.
  ///   - set: Writes the property.
  /// - Returns: A binding that retains the object.
  public func member<Member>(
    get: @escaping (Object) -> Member,
    set: @escaping (Object, Member) -> Void
  ) -> UIBinding<Member> {
    let object = wrappedValue
    return UIBinding(get: { get(object) }, set: { set(object, $0) })
  }
}

#if !hasFeature(Embedded)
  extension UIBindable {
    /// A binding to a property of the object, by key path (native only).
    ///
    /// ```swift
    /// @UIBindable var model = AppModel()
    /// let count: UIBinding<Int> = $model.count
    /// ```
    public subscript<Member>(
      dynamicMember keyPath: ReferenceWritableKeyPath<Object, Member>
    ) -> UIBinding<Member> {
      member(get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }
  }
#endif
