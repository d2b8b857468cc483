/// Unkeyed children whose counts differ by one run of nodes: an `if` in a builder that came or
/// went among its siblings. Matched by index, every sibling after it would be patched into its
/// neighbour (a button replaced by the span before it, then inserted again, losing focus and
/// state in the browser). Instead the siblings before the run and after it keep their nodes,
/// and only the run is inserted or removed.
extension Differ {
  /// Diffs `old` and `new` as a common prefix, an inserted or removed run, and a common suffix,
  /// when their difference is exactly that; `false` (nothing done) otherwise.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  mutating func diffAroundRun(
    parent: NodeID, old: UnsafeBufferPointer<Node>, new: UnsafeBufferPointer<Node>, oldPosition: Int,
    newPosition: Int
  ) -> Bool {
    let shorter = min(old.count, new.count)
    guard old.count != new.count, shorter > 0 else { return false }
    var prefix = 0
    while prefix < shorter && Self.samePlace(old.baseAddress! + prefix, new.baseAddress! + prefix) { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix
      && Self.samePlace(old.baseAddress! + old.count - 1 - suffix, new.baseAddress! + new.count - 1 - suffix)
    {
      suffix += 1
    }
    // Without a suffix the run is at the end, which matching by index already handles.
    guard suffix > 0, prefix + suffix == shorter else { return false }

    var oldPosition = oldPosition
    var newPosition = newPosition
    for index in 0..<prefix {
      diffPair(old, index, oldPosition, new, index, newPosition)
      oldPosition += Self.subtreeSize(old.baseAddress! + index)
      newPosition += Self.subtreeSize(new.baseAddress! + index)
    }
    if new.count > old.count {
      let anchor = oldIDs[oldPosition]  // the first node of the suffix, which keeps its node
      for index in prefix..<(new.count - suffix) {
        insert(new.baseAddress! + index, at: newPosition, parent: parent, before: anchor)
        newPosition += Self.subtreeSize(new.baseAddress! + index)
      }
    } else {
      for index in prefix..<(old.count - suffix) {
        emit(.remove(id: oldIDs[oldPosition]))
        oldPosition += Self.subtreeSize(old.baseAddress! + index)
      }
    }
    for offset in 0..<suffix {
      let oldIndex = old.count - suffix + offset
      let newIndex = new.count - suffix + offset
      diffPair(old, oldIndex, oldPosition, new, newIndex, newPosition)
      oldPosition += Self.subtreeSize(old.baseAddress! + oldIndex)
      newPosition += Self.subtreeSize(new.baseAddress! + newIndex)
    }
    return true
  }

  private mutating func diffPair(
    _ old: UnsafeBufferPointer<Node>, _ oldIndex: Int, _ oldPosition: Int,
    _ new: UnsafeBufferPointer<Node>, _ newIndex: Int, _ newPosition: Int
  ) {
    diffNode(old.baseAddress! + oldIndex, oldAt: oldPosition, new.baseAddress! + newIndex, newAt: newPosition)
  }

  /// Whether `new` would keep `old`'s node: both text, both comments, or elements that can be
  /// patched (same tag, namespace and key).
  static func samePlace(_ old: UnsafePointer<Node>, _ new: UnsafePointer<Node>) -> Bool {
    switch (old.pointee, new.pointee) {
    case (.element(let a), .element(let b)): return canPatch(a, into: b)
    case (.text, .text), (.comment, .comment): return true
    default: return false
    }
  }
}
