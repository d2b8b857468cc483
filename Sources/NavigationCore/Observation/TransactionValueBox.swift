/// Type-erased storage for one transaction value, generic over its key.
///
/// A class hierarchy rather than `Any` or a metatype-keyed dictionary, because Embedded Swift
/// has neither existentials of non-class types nor metatype values, but it can downcast classes:
/// `box as? TransactionValue<Key>` both finds the key and recovers the value's type.
class TransactionValueBox {
  func hasSameKey(as other: TransactionValueBox) -> Bool { false }
}

final class TransactionValue<Key: UITransactionKey>: TransactionValueBox {
  let value: Key.Value

  init(_ value: Key.Value) {
    self.value = value
  }

  override func hasSameKey(as other: TransactionValueBox) -> Bool {
    other is TransactionValue<Key>
  }
}
