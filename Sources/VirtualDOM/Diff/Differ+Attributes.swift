/// An element's own parts, each diffed on its own: attributes in order, then DOM properties,
/// then event listeners (by event name: a new closure for the same event is no change).
extension Differ {
  mutating func diffAttributes(id: NodeID, _ old: UnsafeBufferPointer<Attribute>, _ new: UnsafeBufferPointer<Attribute>) {
    if Self.sameAttributes(old, new) { return }
    for attribute in new where !old.contains(attribute) {
      patches.append(.setAttribute(id: id, name: attribute.name, value: attribute.value))
    }
    for attribute in old where !new.contains(where: { DOMString.equal($0.name, attribute.name) }) {
      patches.append(.removeAttribute(id: id, name: attribute.name))
    }
  }

  /// Whether both lists hold the same attributes in the same order (`Attribute.==` pairwise).
  static func sameAttributes(_ old: UnsafeBufferPointer<Attribute>, _ new: UnsafeBufferPointer<Attribute>) -> Bool {
    guard old.count == new.count else { return false }
    for index in 0..<old.count {
      let a = old.baseAddress! + index
      let b = new.baseAddress! + index
      if DOMString.sameRepresentation(a, b) { continue }
      guard DOMString.same(a.pointee.name, b.pointee.name), DOMString.same(a.pointee.value, b.pointee.value)
      else { return false }
    }
    return true
  }

  mutating func diffProperties(id: NodeID, _ old: [Property], _ new: [Property]) {
    if old == new { return }
    for property in new where !old.contains(property) {
      patches.append(.setProperty(id: id, name: property.name, value: property.value))
    }
    for property in old where !new.contains(where: { DOMString.equal($0.name, property.name) }) {
      patches.append(.removeProperty(id: id, name: property.name))
    }
  }

  mutating func diffListeners(id: NodeID, _ old: [EventListener], _ new: [EventListener]) {
    if old == new { return }
    for listener in new where !old.contains(listener) {
      patches.append(.listen(id: id, event: listener.event))
    }
    for listener in old where !new.contains(listener) {
      patches.append(.unlisten(id: id, event: listener.event))
    }
  }
}
