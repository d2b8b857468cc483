/// The diff: walks an old and a new tree side by side and records the patches between them.
///
/// Old nodes are addressed by their position in the old tree's document order (`oldIDs[position]`
/// is their DOM id); new nodes by their position in the new tree's order, where `newIDs` is
/// filled as nodes are matched (keeping the old id) or created (taking fresh ids).
///
/// Nodes are read in place, through pointers into their parents' children, and elements as
/// `UnretainedElement`s: the walk copies a node out of a tree only to put it into a patch.
struct Differ {
  let oldIDs: UnsafeBufferPointer<NodeID>
  let newIDs: UnsafeMutableBufferPointer<NodeID>
  var nextID: NodeID
  var patches: [Patch] = []
  let options: DiffOptions
  /// The storage of the last key table, reused by the next (``MountedTree`` keeps it between
  /// updates): a table for 10,000 rows is 256 KB, which the system allocator maps and unmaps
  /// afresh each time (measured: a 10,000-row replace went from 1.3 to 2.1 ms).
  var keyTableStorage: [UInt64] = []

  init(
    oldIDs: UnsafeBufferPointer<NodeID>, newIDs: UnsafeMutableBufferPointer<NodeID>, nextID: NodeID,
    options: DiffOptions
  ) {
    self.oldIDs = oldIDs
    self.newIDs = newIDs
    self.nextID = nextID
    self.options = options
  }

  // MARK: Nodes

  /// Whether `new` can be patched into `old` rather than replacing it: the same tag, namespace
  /// and key.
  static func canPatch(_ old: UnretainedElement, into new: UnretainedElement) -> Bool {
    old.read { a in
      new.read { b in
        a.hasSameTag(as: b) && a.namespace == b.namespace && Self.sameKey(a.key, b.key)
      }
    }
  }

  mutating func diffNode(
    _ old: UnsafePointer<Node>, oldAt oldPosition: Int, _ new: UnsafePointer<Node>, newAt newPosition: Int
  ) {
    let id = oldIDs[oldPosition]
    if let a = UnretainedElement(old), let b = UnretainedElement(new) {
      guard Self.canPatch(a, into: b) else { return replace(id: id, with: new, at: newPosition) }
      newIDs[newPosition] = id
      if a.isIdentical(to: b) {
        // A shared subtree is unchanged: keep its ids without walking it.
        for offset in 1..<a.subtreeSize { newIDs[newPosition + offset] = oldIDs[oldPosition + offset] }
        return
      }
      a.read { a in b.read { b in diffElement(id: id, a, oldAt: oldPosition, b, newAt: newPosition) } }
      return
    }
    // Text and comments: the same kind keeps its node and at most changes its data.
    switch old.pointee {
    case .text(let a):
      guard case .text(let b) = new.pointee else { break }
      newIDs[newPosition] = id
      if !DOMString.same(a, b) { patches.append(.text(id: id, text: b)) }
      return
    case .comment(let a):
      guard case .comment(let b) = new.pointee else { break }
      newIDs[newPosition] = id
      if !DOMString.same(a, b) { patches.append(.text(id: id, text: b)) }
      return
    default:
      break
    }
    replace(id: id, with: new, at: newPosition)
  }

  /// Two elements that can be patched: their attributes, properties, listeners and children.
  mutating func diffElement(id: NodeID, _ a: Element, oldAt oldPosition: Int, _ b: Element, newAt newPosition: Int) {
    // Attributes and children are read in place: an array per element would be an
    // allocation per element diffed.
    a.withAttributes { old in b.withAttributes { new in diffAttributes(id: id, old, new) } }
    if a.hasExtras || b.hasExtras {
      diffProperties(id: id, a.properties, b.properties)
      diffListeners(id: id, a.listeners, b.listeners)
    }
    a.withChildren { old in
      b.withChildren { new in
        diffChildren(
          parent: id, old: old, oldRange: (oldPosition + 1)..<(oldPosition + a.subtreeSize), new: new,
          newRange: (newPosition + 1)..<(newPosition + b.subtreeSize))
      }
    }
  }

  @inline(never)  // called from several places; a change, not the hot unchanged walk
  mutating func replace(id: NodeID, with node: UnsafePointer<Node>, at newPosition: Int) {
    let firstID = create(node, at: newPosition)
    patches.append(.replace(id: id, node: node.pointee, firstID: firstID))
    appendMountInvocations(node, firstID: firstID)
  }

  @inline(never)  // called from several places; a change, not the hot unchanged walk
  mutating func insert(_ node: UnsafePointer<Node>, at newPosition: Int, parent: NodeID, before: NodeID?) {
    let firstID = create(node, at: newPosition)
    patches.append(.insert(parent: parent, before: before, node: node.pointee, firstID: firstID))
    appendMountInvocations(node, firstID: firstID)
  }

  /// Makes room for `count` more patches at once, at least doubling the room as appending
  /// would (so that many small lists do not each copy the array). Appending 10,000 inserts one
  /// by one copied the array 14 times, each copy a pass over memory the cache no longer held.
  mutating func reservePatches(_ count: Int) {
    let needed = patches.count + count
    if needed > patches.capacity { patches.reserveCapacity(max(needed, 2 * patches.capacity)) }
  }

  /// Gives every node of a new subtree a fresh id; returns the first.
  mutating func create(_ node: UnsafePointer<Node>, at newPosition: Int) -> NodeID {
    let firstID = nextID
    let size = Self.subtreeSize(node)
    for offset in 0..<size { newIDs[newPosition + offset] = firstID + offset }
    nextID += size
    return firstID
  }

  /// Records the mount methods (`showModal`) of a new subtree, in document order.
  mutating func appendMountInvocations(_ node: UnsafePointer<Node>, firstID: NodeID) {
    guard let element = UnretainedElement(node) else { return }
    element.read { element in
      // Most subtrees have none: the flag saves a walk over every node of every insert.
      guard element.hasMountMethodsInSubtree else { return }
      if element.hasExtras {
        for method in element.mountMethods { patches.append(.invoke(id: firstID, method: method)) }
      }
      element.withChildren { children in
        var childID = firstID + 1
        for index in children.indices {
          let child = children.baseAddress! + index
          appendMountInvocations(child, firstID: childID)
          childID += Self.subtreeSize(child)
        }
      }
    }
  }

  /// How many DOM nodes the subtree at `node` holds. (Stored children are never fragments.)
  @inline(__always)
  static func subtreeSize(_ node: UnsafePointer<Node>) -> Int {
    UnretainedElement(node)?.subtreeSize ?? 1
  }

  // MARK: Attributes, properties, listeners

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

  // MARK: Children

  /// Diffs the children of two matched parents; `oldRange` and `newRange` are the document-order
  /// positions their subtrees take up.
  mutating func diffChildren(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldRange: Range<Int>, new: UnsafeBufferPointer<Node>,
    newRange: Range<Int>
  ) {
    if new.isEmpty {
      if !old.isEmpty { patches.append(.clear(parent: parent)) }
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

  /// Whether `node` is an element with a key (a member of a keyed list).
  @inline(__always)
  static func isKeyedElement(_ node: UnsafePointer<Node>) -> Bool {
    UnretainedElement(node)?.read { $0.key != nil } ?? false
  }

  /// The key of `node`, when it is a keyed element.
  @inline(__always)
  static func keyIfKeyed(_ node: UnsafePointer<Node>) -> String? {
    UnretainedElement(node)?.read { $0.key }
  }

  /// Whether `old` and `new` are keyed elements with the same key; nil when either is not a
  /// keyed element.
  @inline(__always)
  static func sameKeys(_ old: UnsafePointer<Node>, _ new: UnsafePointer<Node>) -> Bool? {
    guard let a = keyIfKeyed(old), let b = keyIfKeyed(new) else { return nil }
    return DOMString.same(a, b)
  }

  /// Keys are the same when both are absent or both have the same code points (as
  /// `KeyTable` matches them).
  @inline(__always)
  static func sameKey(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return DOMString.same(a, b)
  }

  /// The key of a child of an all-keyed list.
  static func key(_ nodes: UnsafeBufferPointer<Node>, _ index: Int) -> String {
    UnretainedElement(nodes.baseAddress! + index)!.read { $0.key! }
  }

  /// Unkeyed children are matched by index, from `first` on (the pairs before it are done); a
  /// pair that differs in kind, tag or key is replaced. Positions advance as the walk goes.
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
    while index < old.count {
      patches.append(.remove(id: oldIDs[oldPosition]))
      oldPosition += Self.subtreeSize(old.baseAddress! + index)
      index += 1
    }
    index = common
    while index < new.count {
      let newNode = new.baseAddress! + index
      insert(newNode, at: newPosition, parent: parent, before: nil)
      newPosition += Self.subtreeSize(newNode)
      index += 1
    }
  }

  /// Keyed children: the common prefix and suffix are paired in place, the middle is matched
  /// by key, and only the nodes outside a longest increasing subsequence move (moves =
  /// n - |LIS|).
  ///
  /// A list is diffed by key when every child of both lists is a keyed element, and by index
  /// otherwise. Nothing finds out first: the prefix is diffed as it is found (diffing by index
  /// pairs it the same way), and the suffix and the middle are checked as their keys are read,
  /// the diff falling back to `diffChildrenByIndex` from the end of the prefix if one is not
  /// keyed. Positions come from subtree sizes as each part is walked: forwards from the start
  /// for the prefix and the middle, backwards from the end for the suffix. So a change that
  /// keeps every key in place (an edit, a selection) reads each node of both lists once, in
  /// the diff itself; a pass over a list's nodes before the diff read them a second time, out
  /// of the cache again on a list of 10,000 rows. The same code runs natively and in the
  /// WebAssembly module (Tests/wasm/diff-property.test.js holds the two to the same patches).
  mutating func diffKeyedChildren(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldRange: Range<Int>, new: UnsafeBufferPointer<Node>,
    newRange: Range<Int>
  ) {
    let oldNodes = old.baseAddress!
    let newNodes = new.baseAddress!

    // The common prefix, diffed as it is found.
    var start = 0
    var oldPosition = oldRange.lowerBound
    var newPosition = newRange.lowerBound
    // Where the diff goes when a child turns out not to be a keyed element: by index, from the
    // end of the prefix.
    func diffRestByIndex() {
      diffChildrenByIndex(
        parent: parent, old: old, new: new, from: start, oldPosition: oldPosition, newPosition: newPosition)
    }
    let length = min(old.count, new.count)
    while start < length {
      guard let same = Self.sameKeys(oldNodes + start, newNodes + start) else {
        return diffRestByIndex()
      }
      guard same else { break }
      diffNode(oldNodes + start, oldAt: oldPosition, newNodes + start, newAt: newPosition)
      oldPosition += Self.subtreeSize(oldNodes + start)
      newPosition += Self.subtreeSize(newNodes + start)
      start += 1
    }
    if start == length {
      // One list is the other's prefix: the rest of `old` goes, the rest of `new` is appended.
      return diffRestByIndex()
    }

    // The common suffix is found by its keys alone, walking back, and diffed once the middle
    // is known to be keyed, front to back: in the order the trees' blocks were made, which
    // memory streams best (walking a 10,000-row table backwards cost about 8% more).
    var oldEnd = old.count - 1
    var newEnd = new.count - 1
    var oldSuffixPosition = oldRange.upperBound
    var newSuffixPosition = newRange.upperBound
    while oldEnd >= start && newEnd >= start {
      guard let same = Self.sameKeys(oldNodes + oldEnd, newNodes + newEnd) else {
        return diffRestByIndex()
      }
      guard same else { break }
      oldSuffixPosition -= Self.subtreeSize(oldNodes + oldEnd)
      newSuffixPosition -= Self.subtreeSize(newNodes + newEnd)
      oldEnd -= 1
      newEnd -= 1
    }

    // The list is keyed once its middle is: then the suffix is diffed, front to back, and its
    // first node is the anchor the middle goes before.
    let suffixLength = old.count - 1 - oldEnd
    func diffSuffix() -> NodeID? {
      var oldSuffixNext = oldSuffixPosition
      var newSuffixNext = newSuffixPosition
      for offset in 0..<suffixLength {
        let oldIndex = oldEnd + 1 + offset
        let newIndex = newEnd + 1 + offset
        diffNode(oldNodes + oldIndex, oldAt: oldSuffixNext, newNodes + newIndex, newAt: newSuffixNext)
        oldSuffixNext += Self.subtreeSize(oldNodes + oldIndex)
        newSuffixNext += Self.subtreeSize(newNodes + newIndex)
      }
      return suffixLength > 0 ? newIDs[newSuffixPosition] : nil
    }


    // The middles, one pass over each: every child must be a keyed element, and each one's
    // position is noted. When both have children, the pass also enters each key in one table
    // (where it sits in the middle of `new`, whether an old child had it), so each key is
    // hashed once (and read again only to confirm a match); duplicates are reported once the
    // list is known to be keyed.
    let newCount = newEnd - start + 1
    let oldCount = oldEnd - start + 1
    var keys =
      oldCount > 0 && newCount > 0
      ? KeyTable(count: newCount + oldCount, old: old, new: new, storage: keyTableStorage.takeAll()) : nil
    var duplicates: [String] = []
    var newPositions: [Int] = []
    newPositions.reserveCapacity(newCount)
    var position = newPosition
    for index in start..<(newEnd + 1) {
      guard let key = Self.keyIfKeyed(newNodes + index) else {
        return diffRestByIndex()
      }
      if keys?.claimForNew(index, key: key) == false { duplicates.append(key) }
      newPositions.append(position)
      position += Self.subtreeSize(newNodes + index)
    }
    // sources[i]: the old index matched to new index start + i, or -1 for a new node.
    var sources = [Int](repeating: -1, count: keys == nil ? 0 : newCount)
    var matched = 0
    var needsMoves = false
    var lastMatchedNewIndex = -1
    // Old indices, made into patches after the matched pairs are diffed: a clear drops them.
    var removals: [Int] = []
    var oldPositions: [Int] = []
    oldPositions.reserveCapacity(oldCount)
    position = oldPosition
    for oldIndex in start..<(oldEnd + 1) {
      guard let key = Self.keyIfKeyed(oldNodes + oldIndex) else {
        return diffRestByIndex()
      }
      oldPositions.append(position)
      position += Self.subtreeSize(oldNodes + oldIndex)
      guard let mark = keys?.markSeenInOld(oldIndex, key: key) else { continue }
      let (newIndex, wasSeen) = mark
      if wasSeen { duplicates.append(key) }
      guard newIndex != -1, sources[newIndex - start] == -1 else {
        removals.append(oldIndex)
        continue
      }
      sources[newIndex - start] = oldIndex
      matched += 1
      if newIndex < lastMatchedNewIndex { needsMoves = true } else { lastMatchedNewIndex = newIndex }
    }
    // The table is done with before any child is diffed (a child's own list takes its storage).
    if let table = keys.take() { keyTableStorage = table.storage() }
    for key in duplicates { options.onDuplicateKey(key) }

    let suffixAnchor = diffSuffix()

    if oldCount == 0 {
      for index in 0..<newCount {
        insert(newNodes + start + index, at: newPositions[index], parent: parent, before: suffixAnchor)
      }
      return
    }
    if newCount == 0 {
      for position in oldPositions { patches.append(.remove(id: oldIDs[position])) }
      return
    }

    // Nothing in common across the whole list: one clear beats a remove per child.
    if matched == 0 && start == 0 && suffixLength == 0 {
      reservePatches(new.count + 1)
      patches.append(.clear(parent: parent))
      for index in 0..<new.count {
        insert(newNodes + index, at: newPositions[index], parent: parent, before: nil)
      }
      return
    }

    for index in 0..<newCount {
      guard sources[index] != -1 else { continue }
      let oldIndex = sources[index]
      diffNode(
        oldNodes + oldIndex, oldAt: oldPositions[oldIndex - start], newNodes + start + index,
        newAt: newPositions[index])
    }
    for oldIndex in removals { patches.append(.remove(id: oldIDs[oldPositions[oldIndex - start]])) }

    let stable = needsMoves ? Self.longestIncreasingSubsequence(sources) : []
    var anchor = suffixAnchor
    var lisCursor = stable.count - 1
    var index = newCount - 1
    while index >= 0 {
      let position = newPositions[index]
      if sources[index] == -1 {
        insert(newNodes + start + index, at: position, parent: parent, before: anchor)
      } else if needsMoves {
        if lisCursor >= 0 && stable[lisCursor] == index {
          lisCursor -= 1
        } else {
          patches.append(.move(id: newIDs[position], parent: parent, before: anchor))
        }
      }
      anchor = newIDs[position]
      index -= 1
    }
  }

  /// Indices (ascending) of a longest strictly increasing subsequence of `values`, skipping -1.
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var predecessors = [Int](repeating: -1, count: values.count)
    var tails: [Int] = []  // tails[k]: index of the smallest tail of an increasing run of length k + 1
    tails.reserveCapacity(values.count)
    for (index, value) in values.enumerated() where value != -1 {
      // A value above the longest run's tail extends it: the common case (a list with a few
      // moves is mostly increasing), and no search, so such lists take linear time.
      if let last = tails.last, values[last] < value {
        predecessors[index] = last
        tails.append(index)
        continue
      }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { predecessors[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result = [Int](repeating: 0, count: tails.count)
    var cursor = tails.last ?? -1
    var slot = tails.count - 1
    while cursor != -1 {
      result[slot] = cursor
      slot -= 1
      cursor = predecessors[cursor]
    }
    return result
  }
}
