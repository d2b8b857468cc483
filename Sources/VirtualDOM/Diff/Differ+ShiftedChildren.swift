/// Unkeyed children whose counts differ by one run of nodes: an `if` in a builder that came or
/// went among its siblings. Matched by index, every sibling after it would be patched into its
/// neighbour (a button replaced by the span before it, then inserted again, losing focus and
/// state in the browser). Instead the siblings before the run and after it keep their nodes,
/// and only the run is inserted or removed.
extension Differ {
  /// Diffs `old` and `new` as a common prefix, an inserted or removed run, and a common suffix,
  /// when their difference is exactly that; `false` (nothing done) otherwise.
  mutating func diffAroundRun(
    parent: NodeID, old: UnsafeBufferPointer<StoredChild>, new: UnsafeBufferPointer<StoredChild>, oldPosition: Int,
    newPosition: Int
  ) -> Bool {
    let shorter = min(old.count, new.count)
    guard old.count != new.count, shorter > 0 else { return false }
    var prefix = 0
    while prefix < shorter && samePlace(old[prefix], new[prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix
      && samePlace(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
    {
      suffix += 1
    }
    // Without a suffix the run is at the end, which matching by index already handles.
    guard suffix > 0, prefix + suffix == shorter else { return false }

    var oldPosition = oldPosition
    var newPosition = newPosition
    for index in 0..<prefix {
      diffPair(old, index, oldPosition, new, index, newPosition)
      oldPosition += oldTree.subtreeSize(old[index])
      newPosition += newTree.subtreeSize(new[index])
    }
    if new.count > old.count {
      let anchor = oldIDs[oldPosition]  // the first node of the suffix, which keeps its node
      for index in prefix..<(new.count - suffix) {
        insert(new[index], at: newPosition, parent: parent, before: anchor)
        newPosition += newTree.subtreeSize(new[index])
      }
    } else {
      for index in prefix..<(old.count - suffix) {
        patches.append(.remove(id: oldIDs[oldPosition]))
        oldPosition += oldTree.subtreeSize(old[index])
      }
    }
    for offset in 0..<suffix {
      let oldIndex = old.count - suffix + offset
      let newIndex = new.count - suffix + offset
      diffPair(old, oldIndex, oldPosition, new, newIndex, newPosition)
      oldPosition += oldTree.subtreeSize(old[oldIndex])
      newPosition += newTree.subtreeSize(new[newIndex])
    }
    return true
  }

  private mutating func diffPair(
    _ old: UnsafeBufferPointer<StoredChild>, _ oldIndex: Int, _ oldPosition: Int,
    _ new: UnsafeBufferPointer<StoredChild>, _ newIndex: Int, _ newPosition: Int
  ) {
    diffNode(old[oldIndex], oldAt: oldPosition, new[newIndex], newAt: newPosition)
  }

  /// Whether `new` would keep `old`'s node: both text, both comments, or elements that can be
  /// patched (same tag, namespace and key).
  func samePlace(_ old: StoredChild, _ new: StoredChild) -> Bool {
    if old.isElement && new.isElement { return canPatch(oldTree.record(old.index), into: newTree.record(new.index)) }
    return (old.isText && new.isText) || (old.isComment && new.isComment)
  }
}
