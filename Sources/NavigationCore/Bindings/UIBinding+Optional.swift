/// A cell remembering the last non-nil value an unwrapped binding saw.
private final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

extension UIBinding {
  /// Unwraps a binding to an optional: `nil` while the value is `nil`, otherwise a binding to the
  /// wrapped value.
  ///
  /// ```swift
  /// if let item = UIBinding(model.$editingItem) {
  ///   editor(item: item)  // UIBinding<Item>
  /// }
  /// ```
  ///
  /// After the optional becomes `nil` (a dismissed editor still holding the binding), the binding
  /// keeps reading the last value and ignores writes, so a late write cannot re-present it.
  ///
  /// - Parameter base: A binding to an optional value.
  public init?(_ base: UIBinding<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    self.init(base, unwrapping: initial)
  }

  /// Unwraps `base`, whose value the caller has just read as `initial` (not `nil`): for
  /// presenters that read the item once for its identity and its content alike.
  init(_ base: UIBinding<Value?>, unwrapping initial: Value) {
    let last = LastValue(initial)
    self.init(
      get: {
        if let value = base.getter() { last.value = value }
        return last.value
      },
      set: { newValue, transaction in
        guard base.getter() != nil else { return }
        base.setter(newValue, transaction)
        last.value = newValue  // a write is the newest value even if nothing reads it before nil
      })
    self.transaction = base.transaction
    self.presentationName = base.presentationName
  }
}

extension UIBinding where Value == Bool {
  /// A Boolean binding that is `true` while an optional is non-nil (an `isPresented` binding).
  ///
  /// Writing `false` sets the optional to `nil`; writing `true` is ignored, since there is no
  /// value to present.
  ///
  /// ```swift
  /// let isPresented = UIBinding<Bool>(model.$alert)
  /// isPresented.wrappedValue = false  // model.alert == nil
  /// ```
  ///
  /// - Parameter base: A binding to an optional value.
  public init<Wrapped>(_ base: UIBinding<Wrapped?>) {
    self.init(
      get: { base.getter() != nil },
      set: { isPresented, transaction in
        guard !isPresented else { return }
        base.setter(nil, transaction)
      })
    self.transaction = base.transaction
    self.presentationName = base.presentationName
  }
}

extension UIBinding {
  /// A binding to one case of an optional enum: non-nil while the enum is in that case.
  ///
  /// The portable stand-in for case paths. Writing `nil` clears the enum only while it is in this
  /// case; writing a value embeds it when the enum is in this case or `nil`, and is ignored while
  /// the enum is in another case.
  ///
  /// ```swift
  /// enum Destination {
  ///   case sheet(EditModel)
  ///   case alert(AlertState<AlertAction>)
  /// }
  /// final class FeatureModel {
  ///   @Observed var destination: Destination?
  /// }
  ///
  /// let model = FeatureModel()
  /// let sheet: UIBinding<EditModel?> = model.$destination.case(
  ///   "sheet",
  ///   embed: Destination.sheet,
  ///   extract: { if case .sheet(let value) = $0 { value } else { nil } }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - name: The case's name, used by ``presentationID()`` to key what is presented.
  ///   - embed: Makes the enum from a value of the case (usually the case itself).
  ///   - extract: Returns the case's value, or `nil` when the enum is in another case.
  /// - Returns: A binding to the case's value.
  public func `case`<Enum, Member>(
    _ name: String,
    embed: @escaping (Member) -> Enum,
    extract: @escaping (Enum) -> Member?
  ) -> UIBinding<Member?> where Value == Enum? {
    let getter = self.getter
    let setter = self.setter
    var binding = UIBinding<Member?>(
      get: { getter().flatMap(extract) },
      set: { newValue, transaction in
        let current = getter()
        let isInThisCase = current.flatMap(extract) != nil
        if let newValue {
          guard current == nil || isInThisCase else { return }
          setter(embed(newValue), transaction)
        } else if isInThisCase {
          setter(nil, transaction)
        }
      })
    binding.transaction = transaction
    binding.presentationName = Self.join(presentationName, name)
    return binding
  }

  /// A binding to one case of a (non-optional) enum: non-nil while the enum is in that case.
  ///
  /// Writing a value embeds it only while the enum is in this case; writing `nil` is ignored,
  /// since a non-optional enum cannot be cleared.
  ///
  /// ```swift
  /// let selected: UIBinding<Int?> = model.$section.case(   // enum Section { case list, item(Int) }
  ///   "item", embed: Section.item, extract: { if case .item(let id) = $0 { id } else { nil } })
  /// ```
  ///
  /// - Parameters:
  ///   - name: The case's name, used by ``presentationID()``.
  ///   - embed: Makes the enum from a value of the case.
  ///   - extract: Returns the case's value, or `nil` when the enum is in another case.
  /// - Returns: A binding to the case's value.
  public func `case`<Member>(
    _ name: String,
    embed: @escaping (Member) -> Value,
    extract: @escaping (Value) -> Member?
  ) -> UIBinding<Member?> {
    let getter = self.getter
    let setter = self.setter
    var binding = UIBinding<Member?>(
      get: { extract(getter()) },
      set: { newValue, transaction in
        guard let newValue, extract(getter()) != nil else { return }
        setter(embed(newValue), transaction)
      })
    binding.transaction = transaction
    binding.presentationName = Self.join(presentationName, name)
    return binding
  }
}
