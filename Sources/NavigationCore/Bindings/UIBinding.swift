/// A two-way connection to a value owned elsewhere: read it, write it, derive bindings to its
/// parts.
///
/// At its core a binding is a pair of closures, which is what Embedded Swift supports. Natively
/// you can also reach members with dot syntax (`$model.item.name`), via key paths.
///
/// ```swift
/// final class FeatureModel {
///   @Observed var text = ""
/// }
///
/// let text: UIBinding<String> = model.$text
/// text.wrappedValue = "Hello"   // model.text == "Hello"
/// ```
#if !hasFeature(Embedded)
  @dynamicMemberLookup
#endif
@propertyWrapper
public struct UIBinding<Value> {
  let getter: () -> Value
  let setter: (Value, UITransaction) -> Void

  /// The transaction applied to every write through this binding.
  ///
  /// ```swift
  /// var binding = model.$destination
  /// binding.transaction.disablesAnimations = true
  /// ```
  public var transaction = UITransaction()

  /// Labels this binding contributes to ``presentationID()`` (see ``named(_:)``).
  var presentationName = ""
  /// Turns the bound value into the item part of ``presentationID()``, if set.
  var presentationIdentity: ((Value) -> String)?

  /// Creates a binding from a getter and a setter.
  ///
  /// ```swift
  /// var count = 0
  /// let binding = UIBinding(get: { count }, set: { count = $0 })
  /// ```
  public init(get: @escaping () -> Value, set: @escaping (_ newValue: Value) -> Void) {
    self.getter = get
    self.setter = { newValue, _ in set(newValue) }
  }

  /// Creates a binding from a getter and a setter that also receives the write's transaction.
  ///
  /// ```swift
  /// let binding = UIBinding(get: { model.count }, set: { newValue, transaction in
  ///   model.count = newValue
  /// })
  /// ```
  public init(
    get: @escaping () -> Value,
    set: @escaping (_ newValue: Value, _ transaction: UITransaction) -> Void
  ) {
    self.getter = get
    self.setter = set
  }

  /// Creates a binding that owns its value in an observable box (handy in tests and previews).
  ///
  /// ```swift
  /// @UIBinding var isOn = false
  /// let token = observe { print(isOn) }  // re-runs when `isOn` is written
  /// ```
  public init(wrappedValue: Value) {
    let storage = ObservedStorage(wrappedValue)
    self.init(get: { storage.read() }, set: { storage.write($0) })
  }

  /// Creates a binding from another one (the `@UIBinding var x: T` form of a parameter).
  ///
  /// ```swift
  /// struct Toggle {
  ///   @UIBinding var isOn: Bool
  ///   init(isOn: UIBinding<Bool>) { _isOn = isOn }
  /// }
  /// let toggle = Toggle(isOn: model.$isOn)
  /// ```
  public init(projectedValue: UIBinding<Value>) {
    self = projectedValue
  }

  /// A binding that always reads `value` and ignores writes.
  ///
  /// ```swift
  /// let alert = UIBinding<AlertState<Never>?>.constant(nil)
  /// ```
  public static func constant(_ value: Value) -> UIBinding<Value> {
    UIBinding(get: { value }, set: { _ in })
  }

  /// The bound value. Writing applies ``transaction`` (merged over the current one).
  ///
  /// ```swift
  /// var binding = model.$count
  /// binding.wrappedValue += 1
  /// ```
  public var wrappedValue: Value {
    get { getter() }
    nonmutating set {
      let setter = self.setter
      writeInTransaction(transaction) { setter(newValue, $0) }
    }
  }

  /// The binding itself, so `$binding` reads naturally.
  ///
  /// ```swift
  /// @UIBinding var isOn: Bool
  /// let same: UIBinding<Bool> = $isOn
  /// ```
  public var projectedValue: UIBinding<Value> { self }

  /// A copy of this binding whose writes carry `transaction`.
  ///
  /// ```swift
  /// var quiet = UITransaction()
  /// quiet.disablesAnimations = true
  /// let destination = model.$destination.transaction(quiet)
  /// ```
  public func transaction(_ transaction: UITransaction) -> UIBinding<Value> {
    var binding = self
    binding.transaction = transaction
    return binding
  }

  /// A binding to a part of the value, described by closures (the portable form of `$x.member`).
  ///
  /// ```swift
  /// let name: UIBinding<String> = model.$item.member(get: { $0.name }, set: { $0.name = $1 })
  /// ```
  ///
  /// - Parameters:
  ///   - get: Reads the part from the whole value.
  ///   - set: Writes the part into a copy of the whole value, which is then written back.
  /// - Returns: A binding to the part; it shares this binding's transaction.
  public func member<Member>(
    get: @escaping (Value) -> Member,
    set: @escaping (inout Value, Member) -> Void
  ) -> UIBinding<Member> {
    let getter = self.getter
    let setter = self.setter
    var binding = UIBinding<Member>(
      get: { get(getter()) },
      set: { newMember, transaction in
        var whole = getter()
        set(&whole, newMember)
        setter(whole, transaction)
      })
    binding.transaction = self.transaction
    binding.presentationName = presentationName
    return binding
  }

  /// A copy of this binding that contributes `name` to ``presentationID()``.
  ///
  /// ```swift
  /// model.$destination.named("destination").sheet  // sheet: a case("sheet", …) binding; ids "destination.sheet…"
  /// ```
  public func named(_ name: String) -> UIBinding<Value> {
    var binding = self
    binding.presentationName = Self.join(presentationName, name)
    return binding
  }

  static func join(_ prefix: String, _ name: String) -> String {
    prefix.isEmpty ? name : name.isEmpty ? prefix : prefix + "." + name
  }
}

/// Runs a binding's write in `transaction` (merged into the current one), passing the
/// transaction it runs in: the part of `UIBinding.wrappedValue`'s setter that does not depend on
/// the value's type, kept out of line so there is one copy, not one per bound type.
@inline(never)
func writeInTransaction(_ transaction: UITransaction, _ write: (UITransaction) -> Void) {
  if transaction.isEmpty {
    write(UITransaction.current)
  } else {
    withUITransaction(transaction) { write(UITransaction.current) }
  }
}
