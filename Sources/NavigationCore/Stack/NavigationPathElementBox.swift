/// One type-erased element of a `UINavigationPath`.
///
/// Subclassed per element type instead of stored as `AnyHashable`, which Embedded Swift lacks;
/// equality and hashing dispatch through the class, and `as? NavigationPathValue<V>` recovers
/// the value.
class NavigationPathElementBox {
  func isEqual(to other: NavigationPathElementBox) -> Bool { false }
  func hash(into hasher: inout Hasher) {}
  /// The element type's name for warnings (natively; Embedded Swift has no type names).
  var typeName: String { "a value" }
  #if !hasFeature(Embedded)
    /// Encodes the value for `UINavigationPath.CodableRepresentation`, if it is `Codable`.
    var encodedElement: UINavigationPath.CodableRepresentation.Element? { nil }
  #endif
}

class NavigationPathValue<Value: Hashable>: NavigationPathElementBox {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }

  override func isEqual(to other: NavigationPathElementBox) -> Bool {
    guard let other = other as? NavigationPathValue<Value> else { return false }
    return value == other.value
  }

  override func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }

  override var typeName: String { TypeName.of(Value.self) }
}
