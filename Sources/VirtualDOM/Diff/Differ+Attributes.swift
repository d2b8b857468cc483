/// An element's own parts, each diffed on its own: attributes in order, then DOM properties,
/// then event listeners (by event name: a new closure for the same event is no change).
extension Differ {
  mutating func diffAttributes(id: NodeID, _ old: UnsafeBufferPointer<Attribute>, _ new: UnsafeBufferPointer<Attribute>) {
    if Self.sameAttributes(old, new) { return }
    for attribute in new where !old.contains(attribute) {
      emit(.setAttribute(id: id, name: attribute.name, value: attribute.value))
    }
    for attribute in old where !new.contains(where: { DOMString.equal($0.name, attribute.name) }) {
      emit(.removeAttribute(id: id, name: attribute.name))
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
      emit(.setProperty(id: id, name: property.name, value: property.value))
    }
    for property in old where !new.contains(where: { DOMString.equal($0.name, property.name) }) {
      emit(.removeProperty(id: id, name: property.name))
    }
  }

  /// One `listen` per event name whose options (combined over its listeners) are new or
  /// changed, one `unlisten` per event name no longer listened to.
  mutating func diffListeners(id: NodeID, _ old: Element, _ new: Element) {
    if EventListener.same(old.listeners, new.listeners) { return }
    let before = old.listenedEvents
    let after = new.listenedEvents
    for (event, options) in after {
      let was = before.first { DOMString.equal($0.event, event) }
      if was == nil || was!.options != options { emit(.listen(id: id, event: event, options: options)) }
    }
    for (event, _) in before where !after.contains(where: { DOMString.equal($0.event, event) }) {
      emit(.unlisten(id: id, event: event))
    }
  }
}
