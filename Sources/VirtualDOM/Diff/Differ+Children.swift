/// Children: a keyed list goes to the keyed diff (KeyedDiff.swift); other children are paired
/// by index, or around one inserted or removed run (Differ+ShiftedChildren.swift).
extension Differ {
  /// Diffs the children of two matched parents; `oldRange` and `newRange` are the document-order
  /// positions their subtrees take up.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  mutating func diffChildren(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldRange: Range<Int>, new: UnsafeBufferPointer<Node>,
    newRange: Range<Int>
  ) {
    if new.isEmpty {
      if !old.isEmpty { emit(.clear(parent: parent)) }
      return
    }
    // A keyed list shows it at its first child (most unkeyed lists do too); the keyed path
    // checks the others as it reaches them.
    if !old.isEmpty && Self.isKeyedElement(old.baseAddress!) && Self.isKeyedElement(new.baseAddress!) {
      diffKeyedChildren(parent: parent, old: old, oldRange: oldRange, new: new, newRange: newRange)
    } else {
      diffChildrenByIndex(
        parent: parent, old: old, new: new, from: 0, oldPosition: oldRange.lowerBound,
        newPosition: newRange.lowerBound)
    }
  }

  /// Unkeyed children are matched by index, from `first` on (the pairs before it are done); a
  /// pair that differs in kind, tag or key is replaced. Positions advance as the walk goes.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  mutating func diffChildrenByIndex(
    parent: NodeID, old: UnsafeBufferPointer<Node>, new: UnsafeBufferPointer<Node>, from first: Int,
    oldPosition: Int, newPosition: Int
  ) {
    if first == 0,
      diffAroundRun(parent: parent, old: old, new: new, oldPosition: oldPosition, newPosition: newPosition)
    {
      return
    }
    let common = min(old.count, new.count)
    var oldPosition = oldPosition
    var newPosition = newPosition
    var index = first
    while index < common {
      let oldNode = old.baseAddress! + index
      let newNode = new.baseAddress! + index
      diffNode(oldNode, oldAt: oldPosition, newNode, newAt: newPosition)
      oldPosition += Self.subtreeSize(oldNode)
      newPosition += Self.subtreeSize(newNode)
      index += 1
    }
    reserveRunPatches(old.count - index)
    while index < old.count {
      emit(.remove(id: oldIDs[oldPosition]))
      oldPosition += Self.subtreeSize(old.baseAddress! + index)
      index += 1
    }
    index = common
    reserveRunPatches(new.count - index)
    while index < new.count {
      let newNode = new.baseAddress! + index
      insert(newNode, at: newPosition, parent: parent, before: nil)
      newPosition += Self.subtreeSize(newNode)
      index += 1
    }
  }
}
