/// The keyed diff: two lists of keyed children, in five phases.
///
/// 1. `diffCommonPrefix`: pairs with the same key at the front are diffed in place.
/// 2. `findCommonSuffix`: pairs with the same key at the back are found, by their keys alone.
/// 3. `matchMiddles`: the children between are matched by key through one `KeyTable`.
/// 4. `diffCommonSuffix`: the suffix is diffed, front to back; its first node is the anchor the
///    middle's nodes go before.
/// 5. `emitMiddle`: matched pairs are diffed, unmatched old children removed, new ones inserted,
///    and only the matched children outside a longest increasing subsequence move
///    (n - |LIS| moves).
///
/// A list is diffed by key when every child of both lists is a keyed element, and by index
/// otherwise. Nothing finds out first: the prefix is diffed as it is found (diffing by index
/// pairs it the same way), and the suffix and the middles are checked as their keys are read;
/// a phase that meets an unkeyed child returns false, and the rest of the lists is diffed by
/// index from the end of the prefix. So a change that keeps every key in place (an edit, a
/// selection) reads each node of both lists once, in the diff itself: a pass over a list's
/// nodes before the diff read them a second time, out of the cache again on a list of 10,000
/// rows. Each loop over a list's children asks for the element a few children ahead
/// (Differ+Prefetch.swift); the matching loops do it through their `KeyLookahead`, which asks
/// for the key's slot in the table too. The same code runs natively and in the WebAssembly module
/// (Tests/wasm/diff-property.test.js holds the two to the same patches).
extension Differ {
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  mutating func diffKeyedChildren(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldRange: Range<Int>, new: UnsafeBufferPointer<Node>,
    newRange: Range<Int>
  ) {
    var lists = KeyedLists(old: old, new: new, oldRange: oldRange, newRange: newRange)
    guard diffCommonPrefix(&lists), findCommonSuffix(&lists), let middle = matchMiddles(lists) else {
      return diffChildrenByIndex(
        parent: parent, old: old, new: new, from: lists.start, oldPosition: lists.oldPosition,
        newPosition: lists.newPosition)
    }
    let suffixAnchor = diffCommonSuffix(lists)
    emitMiddle(middle, lists, parent: parent, before: suffixAnchor)
    middleStorage.keep(middle)
  }

  // MARK: 1. Common prefix

  /// Diffs the pairs with the same key at the front, advancing `lists.start` and the
  /// positions. False when a child is not a keyed element, or when one list is the other's
  /// prefix (diffing by index then removes or appends the rest).
  private mutating func diffCommonPrefix(_ lists: inout KeyedLists) -> Bool {
    let old = lists.old.baseAddress!
    let new = lists.new.baseAddress!
    let length = min(lists.old.count, lists.new.count)
    while lists.start < length {
      Self.prefetchSubtree(lists.old, lists.start + Self.prefetchDistance)
      Self.prefetchSubtree(lists.new, lists.start + Self.prefetchDistance)
      guard let same = Self.sameKeys(old + lists.start, new + lists.start) else { return false }
      guard same else { return true }
      diffNode(old + lists.start, oldAt: lists.oldPosition, new + lists.start, newAt: lists.newPosition)
      lists.oldPosition += Self.subtreeSize(old + lists.start)
      lists.newPosition += Self.subtreeSize(new + lists.start)
      lists.start += 1
    }
    return false
  }

  // MARK: 2. Common suffix

  /// Finds the pairs with the same key at the back, walking back from the ends, by their keys
  /// alone: they are diffed (phase 4) once the middles are known to be keyed. False when a
  /// child is not a keyed element.
  private func findCommonSuffix(_ lists: inout KeyedLists) -> Bool {
    let old = lists.old.baseAddress!
    let new = lists.new.baseAddress!
    while lists.oldEnd >= lists.start && lists.newEnd >= lists.start {
      guard let same = Self.sameKeys(old + lists.oldEnd, new + lists.newEnd) else { return false }
      guard same else { break }
      lists.oldSuffixPosition -= Self.subtreeSize(old + lists.oldEnd)
      lists.newSuffixPosition -= Self.subtreeSize(new + lists.newEnd)
      lists.oldEnd -= 1
      lists.newEnd -= 1
    }
    return true
  }

  // MARK: 3. The middles, matched by key

  /// One pass over each middle: every child must be a keyed element (else nil), and each old
  /// one's document position is noted (the new ones' are counted again as phase 5 goes). When
  /// both middles have children, each key goes into one table (where it sits in the new
  /// middle, whether an old child had it), so each key is hashed once and read again only to
  /// confirm a match. Duplicate keys are reported once the lists are known to be keyed.
  private mutating func matchMiddles(_ lists: KeyedLists) -> MiddleMatch? {
    let old = lists.old.baseAddress!
    let (start, oldCount, newCount) = (lists.start, lists.oldCount, lists.newCount)
    var keys =
      oldCount > 0 && newCount > 0
      ? KeyTable(count: newCount + oldCount, old: lists.old, new: lists.new, storage: keyTableStorage.takeAll()) : nil
    var duplicates: [String] = []
    var match = MiddleMatch(oldCount: oldCount, newCount: newCount, hasTable: keys != nil, storage: &middleStorage)

    var lookahead = KeyLookahead(lists.new, from: start, to: start + newCount, hashing: keys != nil)
    for index in start..<(start + newCount) {
      guard let child = lookahead.next(index) else { return nil }
      keys?.prefetchSlot(ofHash: lookahead.newestHash)
      if keys?.claimForNew(index, child) == false { duplicates.append(child.key) }
    }

    var lastMatchedNewIndex = -1
    var position = lists.oldPosition
    lookahead = KeyLookahead(lists.old, from: start, to: start + oldCount, hashing: keys != nil)
    for oldIndex in start..<(start + oldCount) {
      guard let child = lookahead.next(oldIndex) else { return nil }
      keys?.prefetchSlot(ofHash: lookahead.newestHash)
      let oldPosition = position
      position += Self.subtreeSize(old + oldIndex)
      guard let (newIndex, wasSeen) = keys?.markSeenInOld(oldIndex, child) else {
        match.oldPositions.append(oldPosition)
        continue
      }
      if wasSeen { duplicates.append(child.key) }
      guard newIndex != -1, match.sources[newIndex - start] == -1 else {
        match.oldPositions.append(MiddleMatch.removal(at: oldPosition))
        continue
      }
      match.oldPositions.append(oldPosition)
      match.sources[newIndex - start] = oldIndex
      match.matched += 1
      if newIndex < lastMatchedNewIndex { match.needsMoves = true } else { lastMatchedNewIndex = newIndex }
    }

    // The table is done with before any child is diffed (a child's own list takes its storage).
    if let table = keys.take() { keyTableStorage = table.storage() }
    for key in duplicates { options.onDuplicateKey(key) }
    return match
  }

  // MARK: 4. Common suffix, diffed

  /// Diffs the suffix found in phase 2, front to back: in the order the trees' blocks were
  /// made, which memory streams best (walking a 10,000-row table backwards cost about 8%
  /// more). Returns the id of its first node, the anchor the middle goes before, or nil when
  /// there is no suffix.
  private mutating func diffCommonSuffix(_ lists: KeyedLists) -> NodeID? {
    let old = lists.old.baseAddress!
    let new = lists.new.baseAddress!
    var oldPosition = lists.oldSuffixPosition
    var newPosition = lists.newSuffixPosition
    for offset in 0..<lists.suffixLength {
      let oldIndex = lists.oldEnd + 1 + offset
      let newIndex = lists.newEnd + 1 + offset
      Self.prefetchSubtree(lists.old, oldIndex + Self.prefetchDistance)
      Self.prefetchSubtree(lists.new, newIndex + Self.prefetchDistance)
      diffNode(old + oldIndex, oldAt: oldPosition, new + newIndex, newAt: newPosition)
      oldPosition += Self.subtreeSize(old + oldIndex)
      newPosition += Self.subtreeSize(new + newIndex)
    }
    return lists.suffixLength > 0 ? newID(at: lists.newSuffixPosition) : nil
  }

  // MARK: 5. The middle's patches

  /// Patches the middle: inserts, removals, the matched pairs' own changes, and moves.
  private mutating func emitMiddle(
    _ match: MiddleMatch, _ lists: KeyedLists, parent: NodeID, before suffixAnchor: NodeID?
  ) {
    let old = lists.old.baseAddress!
    let new = lists.new.baseAddress!
    let start = lists.start
    if lists.oldCount == 0 {
      reserveRunPatches(lists.newCount)
      return insertAll(lists, start..<(start + lists.newCount), parent: parent, before: suffixAnchor)
    }
    if lists.newCount == 0 {
      reserveRunPatches(lists.oldCount)
      for position in match.oldPositions { emit(.remove(id: oldIDs[position])) }
      return
    }
    // Nothing in common across the whole list: one clear beats a remove per child.
    if match.matched == 0 && start == 0 && lists.suffixLength == 0 {
      reservePatches(lists.new.count + 1)
      emit(.clear(parent: parent))
      return insertAll(lists, 0..<lists.new.count, parent: parent, before: nil)
    }

    // New positions are counted as the loops go (forward from the middle's first, backward
    // from the suffix's), not kept in an array: one less pass over memory on a long list.
    var position = lists.newPosition
    for index in 0..<lists.newCount {
      let oldIndex = match.sources[index]
      if oldIndex != -1 {
        Self.prefetchMatchedPair(index + Self.prefetchDistance, match, lists)
        diffNode(old + oldIndex, oldAt: match.oldPositions[oldIndex - start], new + start + index, newAt: position)
      }
      position += Self.subtreeSize(new + start + index)
    }
    for entry in match.oldPositions where entry < 0 {
      emit(.remove(id: oldIDs[MiddleMatch.position(ofRemoval: entry)]))
    }

    // Back to front, so each node's anchor is the one after it, already in place.
    let stable = match.needsMoves ? Self.longestIncreasingSubsequence(match.sources) : []
    var anchor = suffixAnchor
    var lisCursor = stable.count - 1
    var index = lists.newCount - 1
    position = lists.newSuffixPosition
    while index >= 0 {
      position -= Self.subtreeSize(new + start + index)
      if match.sources[index] == -1 {
        insert(new + start + index, at: position, parent: parent, before: anchor)
      } else if match.needsMoves {
        if lisCursor >= 0 && stable[lisCursor] == index {
          lisCursor -= 1
        } else {
          emit(.move(id: newID(at: position), parent: parent, before: anchor))
        }
      }
      anchor = newID(at: position)
      index -= 1
    }
  }

  /// Inserts the new children in `range`, each before `anchor`. `range` begins at the new
  /// middle's first child, whose document position is `lists.newPosition`.
  private mutating func insertAll(_ lists: KeyedLists, _ range: Range<Int>, parent: NodeID, before anchor: NodeID?) {
    let new = lists.new.baseAddress!
    var position = lists.newPosition
    for index in range {
      Self.prefetch(lists.new, index + Self.prefetchDistance)
      insert(new + index, at: position, parent: parent, before: anchor)
      position += Self.subtreeSize(new + index)
    }
  }
}

/// Where a keyed diff stands in its two lists: the common prefix (`0..<start` in both), the
/// middles (`start...oldEnd`, `start...newEnd`) and the common suffix after them, with the
/// document positions the diff needs to give nodes their ids.
struct KeyedLists {
  // The children of two elements the diff holds for the whole keyed diff (through
  // `withChildren`), or the mounted tree's root arrays (through `withUnsafeBufferPointer`):
  // the lists never leave those scopes, and element blocks are immutable, so nothing moves
  // under them.
  let old: UnsafeBufferPointer<Node>
  let new: UnsafeBufferPointer<Node>
  /// The length of the common prefix: where both middles begin.
  var start = 0
  /// The last index of each middle: the suffix follows.
  var oldEnd: Int
  var newEnd: Int
  /// The document positions of `old[start]` and `new[start]`.
  var oldPosition: Int
  var newPosition: Int
  /// The document positions of the first child of each suffix.
  var oldSuffixPosition: Int
  var newSuffixPosition: Int

  init(old: UnsafeBufferPointer<Node>, new: UnsafeBufferPointer<Node>, oldRange: Range<Int>, newRange: Range<Int>) {
    self.old = old
    self.new = new
    oldEnd = old.count - 1
    newEnd = new.count - 1
    oldPosition = oldRange.lowerBound
    newPosition = newRange.lowerBound
    oldSuffixPosition = oldRange.upperBound
    newSuffixPosition = newRange.upperBound
  }

  var oldCount: Int { oldEnd - start + 1 }
  var newCount: Int { newEnd - start + 1 }
  var suffixLength: Int { old.count - 1 - oldEnd }
}

/// The middles matched by key (phase 3), for the patches of phase 5.
struct MiddleMatch {
  /// The document position of each child of the old middle; `removal(at:)` of it for a child
  /// whose key the new middle lacks (or holds only once, for a duplicate), to be removed after
  /// the matched pairs are diffed. (A flag in place of a list of removals: a replaced list of
  /// 10,000 rows wrote and read one more 80 KB array.)
  var oldPositions: [Int] = []
  /// For each child of the new middle, the index in `old` of the child with its key, or -1
  /// for a new node. Empty when either middle is (no table was needed).
  var sources: [Int]
  var matched = 0
  /// Whether the matched children changed order: without it no subsequence is needed.
  var needsMoves = false

  /// Arrays for the middles' counts, in `storage`'s (which is left empty). In the WebAssembly
  /// module they are new each time: keeping them cost the demo's module about 1 KB, over its
  /// size budget.
  init(oldCount: Int, newCount: Int, hasTable: Bool, storage: inout MiddleStorage) {
    #if hasFeature(Embedded)
    oldPositions.reserveCapacity(oldCount)
    sources = [Int](repeating: -1, count: hasTable ? newCount : 0)
    #else
    oldPositions = storage.oldPositions.takeAll()
    oldPositions.removeAll(keepingCapacity: true)
    oldPositions.reserveCapacity(oldCount)
    sources = storage.sources.takeAll()
    sources.removeAll(keepingCapacity: true)
    sources.append(contentsOf: repeatElement(-1, count: hasTable ? newCount : 0))
    #endif
  }

  /// A removed child's entry in `oldPositions`: its position with the bits flipped, so that
  /// it is negative (positions are not).
  @inline(__always)
  static func removal(at position: Int) -> Int { ~position }

  /// The position a removed child's entry stands for.
  @inline(__always)
  static func position(ofRemoval entry: Int) -> Int { ~entry }
}

/// The storage of the last `MiddleMatch`'s arrays, reused by the next (``MountedTree`` keeps
/// it between updates, as it keeps the key table's): a list of 10,000 rows took two new
/// 80 KB arrays each update, and the allocator returned them to the system and took them
/// back each time. A middle diffed inside another's (a list in a matched child) finds it
/// empty while the outer one holds it; the larger is kept. Like the key table's, it stays the
/// size of the longest list diffed (16 bytes a child).
struct MiddleStorage {
  // Empty in the WebAssembly module, whose arrays are new each time (see `MiddleMatch.init`):
  // a stored property of `MountedTree` there cost code wherever a tree is made or dropped.
  #if !hasFeature(Embedded)
  var oldPositions: [Int] = []
  var sources: [Int] = []
  #endif

  mutating func keep(_ match: consuming MiddleMatch) {
    #if !hasFeature(Embedded)
    if match.oldPositions.capacity > oldPositions.capacity { oldPositions = match.oldPositions }
    if match.sources.capacity > sources.capacity { sources = match.sources }
    #endif
  }
}
