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
        diffChildren(parent: id, old: old, oldStart: oldPosition + 1, new: new, newStart: newPosition + 1)
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
    for attribute in old where !new.contains(where: { $0.name == attribute.name }) {
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
    for property in old where !new.contains(where: { $0.name == property.name }) {
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

  mutating func diffChildren(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldStart: Int, new: UnsafeBufferPointer<Node>, newStart: Int
  ) {
    if old.isEmpty && new.isEmpty { return }
    if new.isEmpty {
      patches.append(.clear(parent: parent))
      return
    }
    // Only the keyed path jumps around the lists, so only it needs the positions up front.
    if !old.isEmpty, let oldPositions = Self.keyedPositions(of: old, from: oldStart),
      let newPositions = Self.keyedPositions(of: new, from: newStart)
    {
      diffKeyedChildren(parent: parent, old: old, oldPositions: oldPositions, new: new, newPositions: newPositions)
    } else {
      diffChildrenByIndex(parent: parent, old: old, oldStart: oldStart, new: new, newStart: newStart)
    }
  }

  /// Document-order positions of each of `nodes`, the first at `start`, when every one is a
  /// keyed element; nil otherwise. (One pass over the headers: both answers are in them.)
  static func keyedPositions(of nodes: UnsafeBufferPointer<Node>, from start: Int) -> [Int]? {
    // Most unkeyed lists show it at their first node: they allocate nothing.
    guard !nodes.isEmpty, isKeyedElement(nodes.baseAddress!) else { return nil }
    var positions: [Int] = []
    positions.reserveCapacity(nodes.count)
    var position = start
    for index in nodes.indices {
      SubtreePrefetch.header(ahead: index, in: nodes)
      let node = nodes.baseAddress! + index
      guard isKeyedElement(node) else { return nil }
      positions.append(position)
      position += subtreeSize(node)
    }
    return positions
  }

  /// Whether `node` is an element with a key (a member of a keyed list).
  @inline(__always)
  static func isKeyedElement(_ node: UnsafePointer<Node>) -> Bool {
    UnretainedElement(node)?.read { $0.key != nil } ?? false
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

  /// Unkeyed children are matched by index; a pair that differs in kind, tag or key is replaced.
  /// Positions advance as the walk goes, so no array is allocated per element.
  mutating func diffChildrenByIndex(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldStart: Int, new: UnsafeBufferPointer<Node>, newStart: Int
  ) {
    let common = min(old.count, new.count)
    var oldPosition = oldStart
    var newPosition = newStart
    var prefetch = SubtreePrefetch(length: common)
    for index in 0..<common {
      let oldNode = old.baseAddress! + index
      let newNode = new.baseAddress! + index
      prefetch.step(at: index, remaining: common - index) { (oldNode + $0, newNode + $0) }
      diffNode(oldNode, oldAt: oldPosition, newNode, newAt: newPosition)
      oldPosition += Self.subtreeSize(oldNode)
      newPosition += Self.subtreeSize(newNode)
    }
    if old.count > common {
      for index in common..<old.count {
        patches.append(.remove(id: oldIDs[oldPosition]))
        oldPosition += Self.subtreeSize(old.baseAddress! + index)
      }
    }
    if new.count > common {
      for index in common..<new.count {
        let newNode = new.baseAddress! + index
        insert(newNode, at: newPosition, parent: parent, before: nil)
        newPosition += Self.subtreeSize(newNode)
      }
    }
  }

  /// Keyed children: trim the common prefix and suffix, match the middle by key, then move only
  /// the nodes outside a longest increasing subsequence (moves = n - |LIS|).
  mutating func diffKeyedChildren(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldPositions: [Int], new: UnsafeBufferPointer<Node>,
    newPositions: [Int]
  ) {
    let oldNodes = old.baseAddress!
    let newNodes = new.baseAddress!
    var start = 0
    var oldEnd = old.count - 1
    var newEnd = new.count - 1

    let length = min(old.count, new.count)
    var prefixPrefetch = SubtreePrefetch(length: length)
    while start <= oldEnd && start <= newEnd && Self.key(old, start) == Self.key(new, start) {
      prefixPrefetch.step(at: start, remaining: length - start) { (oldNodes + start + $0, newNodes + start + $0) }
      diffNode(oldNodes + start, oldAt: oldPositions[start], newNodes + start, newAt: newPositions[start])
      start += 1
    }
    // The common suffix is found by its keys alone, walking back, and then diffed front to
    // back: in the order the trees' blocks were made, which memory streams best (walking a
    // 10,000-row table backwards cost about 8% more than forwards).
    while oldEnd >= start && newEnd >= start && Self.key(old, oldEnd) == Self.key(new, newEnd) {
      SubtreePrefetch.header(behind: oldEnd, in: old)
      SubtreePrefetch.header(behind: newEnd, in: new)
      oldEnd -= 1
      newEnd -= 1
    }
    let suffixLength = old.count - 1 - oldEnd
    var suffixPrefetch = SubtreePrefetch(length: suffixLength)
    for offset in 0..<suffixLength {
      let oldIndex = oldEnd + 1 + offset
      let newIndex = newEnd + 1 + offset
      suffixPrefetch.step(at: offset, remaining: suffixLength - offset) {
        (oldNodes + oldIndex + $0, newNodes + newIndex + $0)
      }
      diffNode(oldNodes + oldIndex, oldAt: oldPositions[oldIndex], newNodes + newIndex, newAt: newPositions[newIndex])
    }

    // The node the middle ends before: the first of the kept suffix, or the end of the parent.
    let suffixAnchor: NodeID? = newEnd + 1 < new.count ? newIDs[newPositions[newEnd + 1]] : nil

    if start > oldEnd {
      if start <= newEnd {
        // An insert reads only the root's block (its size, its flags, its reference count):
        // asking for whole subtrees would fetch lines nothing reads.
        for index in start...newEnd {
          SubtreePrefetch.header(ahead: index, in: new)
          insert(newNodes + index, at: newPositions[index], parent: parent, before: suffixAnchor)
        }
      }
      return
    }
    if start > newEnd {
      for index in start...oldEnd { patches.append(.remove(id: oldIDs[oldPositions[index]])) }
      return
    }

    // Every key of both middles, once: where it sits in the middle of `new` and whether an old
    // child had it. One table, so each key is hashed once.
    let newCount = newEnd - start + 1
    var keys = KeyTable(count: newCount + (oldEnd - start + 1), old: old, new: new)
    for index in start...newEnd {
      SubtreePrefetch.header(ahead: index, in: new)
      if !keys.claimForNew(index) { options.onDuplicateKey(Self.key(new, index)) }
    }

    // sources[i]: the old index matched to new index start + i, or -1 for a new node.
    var sources = [Int](repeating: -1, count: newCount)
    var matched = 0
    var needsMoves = false
    var lastMatchedNewIndex = -1
    // Old indices, made into patches after the matched pairs are diffed: a clear drops them.
    var removals: [Int] = []
    for oldIndex in start...oldEnd {
      SubtreePrefetch.header(ahead: oldIndex, in: old)
      let (newIndex, wasSeen) = keys.markSeenInOld(oldIndex)
      if wasSeen { options.onDuplicateKey(Self.key(old, oldIndex)) }
      guard newIndex != -1, sources[newIndex - start] == -1 else {
        removals.append(oldIndex)
        continue
      }
      sources[newIndex - start] = oldIndex
      matched += 1
      if newIndex < lastMatchedNewIndex { needsMoves = true } else { lastMatchedNewIndex = newIndex }
    }

    // Nothing in common across the whole list: one clear beats a remove per child.
    if matched == 0 && start == 0 && oldEnd == old.count - 1 && newEnd == new.count - 1 {
      reservePatches(new.count + 1)
      patches.append(.clear(parent: parent))
      for index in 0..<new.count {
        SubtreePrefetch.header(ahead: index, in: new)
        insert(newNodes + index, at: newPositions[index], parent: parent, before: nil)
      }
      return
    }

    var prefetch = SubtreePrefetch(length: newCount)
    for index in 0..<newCount {
      // Matched pairs in new order; a new node (no source) is asked for alone, it is inserted.
      prefetch.step(at: index, remaining: newCount - index) { ahead in
        let source = sources[index + ahead]
        return (source == -1 ? nil : oldNodes + source, newNodes + start + index + ahead)
      }
      guard sources[index] != -1 else { continue }
      let oldIndex = sources[index]
      diffNode(
        oldNodes + oldIndex, oldAt: oldPositions[oldIndex], newNodes + start + index,
        newAt: newPositions[start + index])
    }
    for oldIndex in removals { patches.append(.remove(id: oldIDs[oldPositions[oldIndex]])) }

    let stable = needsMoves ? Self.longestIncreasingSubsequence(sources) : []
    var anchor = suffixAnchor
    var lisCursor = stable.count - 1
    var index = newCount - 1
    while index >= 0 {
      let newIndex = start + index
      let position = newPositions[newIndex]
      if sources[index] == -1 {
        insert(newNodes + newIndex, at: position, parent: parent, before: anchor)
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
