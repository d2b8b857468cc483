/// An arena's buffers as plain pointers, for walks that read a whole tree (the serializer, the
/// diff) and append nothing while they run.
///
/// Taken once per walk: reading the arena's buffers through the class at every node would check
/// each access for exclusivity at run time.
package struct TreeReader {
  package let arena: NodeArena
  let records: UnsafePointer<ElementRecord>?
  let children: UnsafePointer<StoredChild>?
  let attributes: UnsafePointer<Attribute>?
  let strings: UnsafePointer<String>?

  init(_ arena: NodeArena) {
    self.arena = arena
    records = UnsafePointer(arena.parts.pointee.records.base)
    children = UnsafePointer(arena.parts.pointee.children.base)
    attributes = UnsafePointer(arena.parts.pointee.attributes.base)
    strings = UnsafePointer(arena.parts.pointee.strings.base)
  }

  @inline(__always)
  package func record(_ index: Int) -> UnsafePointer<ElementRecord> { records.unsafelyUnwrapped + index }

  @inline(__always)
  package func childList(_ index: Int) -> UnsafeBufferPointer<StoredChild> {
    let record = self.record(index)
    return UnsafeBufferPointer(start: children.map { $0 + Int(record.pointee.firstChild) }, count: Int(record.pointee.childCount))
  }

  @inline(__always)
  package func attributeList(_ index: Int) -> UnsafeBufferPointer<Attribute> {
    let record = self.record(index)
    return UnsafeBufferPointer(
      start: attributes.map { $0 + Int(record.pointee.firstAttribute) }, count: Int(record.pointee.attributeCount))
  }

  /// A text's, comment's, key's or long tag's string, read in place.
  @inline(__always)
  package func string(_ index: Int) -> UnsafePointer<String> { strings.unsafelyUnwrapped + index }

  /// How many DOM nodes the child's subtree holds.
  @inline(__always)
  package func subtreeSize(_ child: StoredChild) -> Int {
    child.isElement ? Int(record(child.index).pointee.subtreeSize) : 1
  }

  /// The child's key, when it is an element with one.
  @inline(__always)
  package func key(_ child: StoredChild) -> String? {
    guard child.isElement else { return nil }
    let key = record(child.index).pointee.key
    return key >= 0 ? string(Int(key)).pointee : nil
  }

  @inline(__always)
  package func isKeyedElement(_ child: StoredChild) -> Bool {
    child.isElement && record(child.index).pointee.key >= 0
  }

  /// The element whose record is at `index`, as a value.
  package func element(_ index: Int) -> Element { Element(arena: arena, index: index) }

  /// The child as a `Node` value (for a patch, or a caller's walk).
  package func node(_ child: StoredChild) -> Node {
    if child.isElement { return .element(Element(arena: arena, index: child.index)) }
    let text = string(child.index).pointee
    return child.isText ? .text(text) : .comment(text)
  }
}
