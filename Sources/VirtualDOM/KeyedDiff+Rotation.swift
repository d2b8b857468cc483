#if !hasFeature(Embedded)
// Not in the WebAssembly module, whose trees are small and whose every byte counts: there the
// general path gives the same patches.

/// One keyed child moved (to the front, to the end, anywhere): once the common prefix and
/// suffix are trimmed, what is left of the list is the same keys turned by one place.
///
/// The general path finds the one move with a table of every key of both middles and a longest
/// increasing subsequence; here one pass over both middles checks the turn (and, in a table of
/// the old middle's keys only, that no key is there twice), then the pairs are diffed in order
/// and the moved child gets one `move`. The patches are the general path's, in its order: the
/// suffix's, the pairs' in new order, the move. Moving the last of 10,000 benchmark rows first
/// went from 4.8 to 4.0 ms a diff, and of 1,000 from 0.37 to 0.33 (the unchanged diffs: 2.9 and
/// 0.27; `navdom bench diff-scaling`, 10 alternating processes each).
extension Differ {
  /// Which way the middle turned.
  enum Rotation {
    /// The old middle's last child is the new middle's first.
    case lastToFirst
    /// The old middle's first child is the new middle's last.
    case firstToLast
  }

  /// The way `old[start...oldEnd]` turns into `new[start...newEnd]`, when it does: both hold
  /// the same keyed children, at least two, no key twice, one moved from one end to the other.
  /// Nil otherwise, and then nothing was reported or recorded: the general path takes over.
  static func rotation(
    old: UnsafeBufferPointer<Node>, new: UnsafeBufferPointer<Node>, start: Int, oldEnd: Int, newEnd: Int
  ) -> Rotation? {
    let count = oldEnd - start + 1
    guard count >= 2, newEnd - start + 1 == count else { return nil }
    let oldNodes = old.baseAddress!
    let newNodes = new.baseAddress!
    // The ends and their neighbours first: most middles that are not a turn fail here.
    let rotation: Rotation
    if sameKeys(oldNodes + oldEnd, newNodes + start) == true
      && sameKeys(oldNodes + start, newNodes + start + 1) == true
    {
      rotation = .lastToFirst
    } else if sameKeys(oldNodes + start, newNodes + newEnd) == true
      && sameKeys(oldNodes + start + 1, newNodes + start) == true
    {
      rotation = .firstToLast
    } else {
      return nil
    }
    // A table of the old middle's keys alone: made with `old` as both lists, so each key is
    // claimed by its old child as `claimForNew` claims a new child's, and a key claimed twice
    // is a duplicate, which the general path reports and pairs its own way.
    // Each key is entered `PendingKeys.length` children after it is read (see PendingKeys).
    var keys = KeyTable(count: count, old: old, new: old)
    var pending = PendingKeys()
    for oldIndex in start..<(oldEnd + 1 + PendingKeys.length) {
      let entered = oldIndex - PendingKeys.length
      if entered >= start && !keys.claimForNew(entered, hash: pending[entered]) { return nil }
      guard oldIndex <= oldEnd else { continue }
      let newIndex = newIndex(ofOld: oldIndex, rotation, start: start, end: oldEnd)
      SubtreePrefetch.header(ahead: oldIndex, in: old)
      SubtreePrefetch.header(ahead: newIndex, in: new)
      guard let key = keyIfKeyed(oldNodes + oldIndex), let newKey = keyIfKeyed(newNodes + newIndex),
        DOMString.same(key, newKey)
      else { return nil }
      pending[oldIndex] = keys.hashPrefetchingSlot(key)
    }
    return rotation
  }

  /// Where the old middle's child at `oldIndex` sits in the new middle, both spanning
  /// `start...end` (a turned middle is as long as the old one).
  @inline(__always)
  static func newIndex(ofOld oldIndex: Int, _ rotation: Rotation, start: Int, end: Int) -> Int {
    switch rotation {
    case .lastToFirst: return oldIndex == end ? start : oldIndex + 1
    case .firstToLast: return oldIndex == start ? end : oldIndex - 1
    }
  }

  /// Where the new middle's child at `newIndex` came from in the old middle.
  @inline(__always)
  static func oldIndex(ofNew newIndex: Int, _ rotation: Rotation, start: Int, end: Int) -> Int {
    switch rotation {
    case .lastToFirst: return newIndex == start ? end : newIndex - 1
    case .firstToLast: return newIndex == end ? start : newIndex + 1
    }
  }

  /// Diffs a middle that `rotation(...)` found turned, its suffix already diffed: the pairs in
  /// new order, then the one move. Positions are the middles' first (`oldPosition`,
  /// `newPosition`) and the old suffix's first (`oldSuffixPosition`).
  mutating func diffRotatedMiddle(
    _ rotation: Rotation, parent: NodeID, old: UnsafeBufferPointer<Node>, new: UnsafeBufferPointer<Node>,
    start: Int, oldEnd: Int, oldPosition: Int, oldSuffixPosition: Int, newPosition: Int, suffixAnchor: NodeID?
  ) {
    let oldNodes = old.baseAddress!
    let newNodes = new.baseAddress!
    let count = oldEnd - start + 1
    // The moved child, its old position, and where the others' start.
    let movedIndex: Int
    let movedPosition: Int
    var oldNext: Int
    switch rotation {
    case .lastToFirst:
      movedIndex = oldEnd
      movedPosition = oldSuffixPosition - Self.subtreeSize(oldNodes + oldEnd)
      oldNext = oldPosition
    case .firstToLast:
      movedIndex = start
      movedPosition = oldPosition
      oldNext = oldPosition + Self.subtreeSize(oldNodes + start)
    }
    var newNext = newPosition
    var movedNewPosition = newPosition
    // The new position of the child that follows the moved one, for `.lastToFirst`: its id
    // is read after the diff, which may have replaced it (same key, another tag).
    var followerNewPosition = newPosition
    var prefetch = SubtreePrefetch(length: count)
    for offset in 0..<count {
      let newIndex = start + offset
      let oldIndex = Self.oldIndex(ofNew: newIndex, rotation, start: start, end: oldEnd)
      prefetch.step(at: offset, remaining: count - offset) { ahead in
        let aheadIndex = newIndex + ahead
        let aheadOldIndex = Self.oldIndex(ofNew: aheadIndex, rotation, start: start, end: oldEnd)
        return (oldNodes + aheadOldIndex, newNodes + aheadIndex)
      }
      let oldAt: Int
      if oldIndex == movedIndex {
        oldAt = movedPosition
        movedNewPosition = newNext
      } else {
        oldAt = oldNext
        oldNext += Self.subtreeSize(oldNodes + oldIndex)
      }
      if newIndex == start + 1 { followerNewPosition = newNext }
      diffNode(oldNodes + oldIndex, oldAt: oldAt, newNodes + newIndex, newAt: newNext)
      newNext += Self.subtreeSize(newNodes + newIndex)
    }
    // Before the child that now follows it: the first of the others (moved to the front), or
    // the suffix's first (moved to the end; nothing there: the end of the parent). Read from
    // `newIDs`, as the general path reads it: the follower may have been replaced.
    let before = rotation == .lastToFirst ? newIDs[followerNewPosition] : suffixAnchor
    patches.append(.move(id: newIDs[movedNewPosition], parent: parent, before: before))
  }
}
#endif
