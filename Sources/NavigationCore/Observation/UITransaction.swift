/// Data attached to a batch of state changes, such as whether the changes should animate.
///
/// A transaction travels from the mutation to the observers it triggers: mutations made inside
/// ``withUITransaction(_:_:)`` make their observers run with that transaction, so a renderer can
/// read ``UITransaction/current`` (or the value passed to `observe`'s closure) and decide how to
/// apply the change.
///
/// ```swift
/// var transaction = UITransaction()
/// transaction.disablesAnimations = true
/// withUITransaction(transaction) {
///   model.destination = nil  // the dialog closes without a transition
/// }
/// ```
public struct UITransaction {
  // A handful of keys at most, so a list scanned by downcast (see `TransactionValueBox`).
  private var storage: [TransactionValueBox] = []

  /// Creates an empty transaction: every key reads its default value.
  ///
  /// ```swift
  /// let transaction = UITransaction()
  /// transaction.disablesAnimations  // false
  /// ```
  public init() {}

  /// Reads or writes the value stored under a key.
  ///
  /// ```swift
  /// transaction[DisablesAnimationsKey.self] = true
  /// ```
  public subscript<Key: UITransactionKey>(key: Key.Type) -> Key.Value {
    get {
      for box in storage {
        if let value = box as? TransactionValue<Key> { return value.value }
      }
      return Key.defaultValue
    }
    set {
      set(TransactionValue<Key>(newValue))
    }
  }

  /// Whether no key has been set.
  ///
  /// ```swift
  /// UITransaction().isEmpty  // true
  /// ```
  public var isEmpty: Bool { storage.isEmpty }

  /// Copies every value set in `other` into this transaction, replacing values under the same keys.
  ///
  /// Used when several mutations in one turn trigger the same observer: it runs once, with the
  /// merged transaction of all of them (later mutations win per key).
  ///
  /// ```swift
  /// var merged = model.$destination.transaction   // a binding's transaction
  /// merged.merge(UITransaction.current)            // the one the write runs in wins per key
  /// ```
  public mutating func merge(_ other: UITransaction) {
    for box in other.storage {
      set(box)
    }
  }

  private mutating func set(_ box: TransactionValueBox) {
    if let index = storage.firstIndex(where: { $0.hasSameKey(as: box) }) {
      storage[index] = box
    } else {
      storage.append(box)
    }
  }

  /// The transaction of the code running now.
  ///
  /// Inside ``withUITransaction(_:_:)`` it is that transaction; inside an observer run it is the
  /// (merged) transaction of the mutations that caused the run; otherwise it is empty.
  ///
  /// ```swift
  /// let token = observe {
  ///   render(model, animated: !UITransaction.current.disablesAnimations)
  /// }
  /// ```
  public internal(set) static var current: UITransaction {
    get { RuntimeState.current.transaction }
    set { RuntimeState.current.transaction = newValue }
  }
}

/// The key behind ``UITransaction/disablesAnimations``.
///
/// ```swift
/// transaction[DisablesAnimationsKey.self] = true
/// ```
public enum DisablesAnimationsKey: UITransactionKey {
  /// Animations are allowed unless a transaction says otherwise.
  public static var defaultValue: Bool { false }
}

extension UITransaction {
  /// Whether the changes made with this transaction should be applied without animation.
  ///
  /// ```swift
  /// var transaction = UITransaction()
  /// transaction.disablesAnimations = true
  /// ```
  public var disablesAnimations: Bool {
    get { self[DisablesAnimationsKey.self] }
    set { self[DisablesAnimationsKey.self] = newValue }
  }
}

/// Runs `body` with `transaction` as ``UITransaction/current``, so the mutations it makes carry
/// the transaction to the observers they trigger.
///
/// ```swift
/// var transaction = UITransaction()
/// transaction.disablesAnimations = true
/// withUITransaction(transaction) {
///   model.path.removeLast()
/// }
/// ```
///
/// - Parameters:
///   - transaction: The transaction to make current. It is merged over the enclosing one, so
///     nested calls keep the outer values they do not override.
///   - body: The work to perform, typically model mutations.
/// - Returns: What `body` returns.
public func withUITransaction<Result, Failure: Error>(
  _ transaction: UITransaction,
  _ body: () throws(Failure) -> Result
) throws(Failure) -> Result {
  let state = RuntimeState.current
  let saved = state.transaction
  var merged = saved
  merged.merge(transaction)
  state.transaction = merged
  defer { state.transaction = saved }
  return try body()
}

#if !hasFeature(Embedded)
  /// Runs `body` with one value of the current transaction replaced (native only: key paths).
  ///
  /// ```swift
  /// withUITransaction(\.disablesAnimations, true) {
  ///   model.destination = nil
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The transaction property to set.
  ///   - value: The value to set it to.
  ///   - body: The work to perform.
  /// - Returns: What `body` returns.
  public func withUITransaction<Result, Value, Failure: Error>(
    _ keyPath: WritableKeyPath<UITransaction, Value>,
    _ value: Value,
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var transaction = UITransaction()
    transaction[keyPath: keyPath] = value
    return try withUITransaction(transaction, body)
  }
#endif
