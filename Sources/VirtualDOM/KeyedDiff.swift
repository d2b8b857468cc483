/// The diff: walks an old and a new tree side by side and records the patches between them.
///
/// Old nodes are addressed by their position in the old tree's document order (`ids[position]`
/// is their DOM id); new nodes by their position in the new tree's order, where `newIDs` is
/// filled as nodes are matched (keeping the old id) or created (taking fresh ids).
struct Differ {
  let oldIDs: [NodeID]
  var newIDs: [NodeID]
  var nextID: NodeID
  var patches: [Patch] = []
  let options: DiffOptions

  init(oldIDs: [NodeID], nextID: NodeID, newCount: Int, options: DiffOptions) {
    self.oldIDs = oldIDs
    self.newIDs = [NodeID](repeating: 0, count: newCount)
    self.nextID = nextID
    self.options = options
  }

  // MARK: Nodes

  /// Whether `new` can be patched into `old` rather than replacing it.
  static func isSameNode(_ old: Node, _ new: Node) -> Bool {
    switch (old, new) {
    case (.element(let a), .element(let b)):
      return a.tag == b.tag && a.namespace == b.namespace && a.key == b.key
    case (.text, .text), (.comment, .comment):
      return true
    default:
      return false
    }
  }

  mutating func diffNode(_ old: Node, oldAt oldPosition: Int, _ new: Node, newAt newPosition: Int) {
    let id = oldIDs[oldPosition]
    guard Self.isSameNode(old, new) else {
      let firstID = create(new, at: newPosition)
      patches.append(.replace(id: id, node: new, firstID: firstID))
      appendMountInvocations(new, firstID: firstID)
      return
    }
    newIDs[newPosition] = id
    switch (old, new) {
    case (.element(let a), .element(let b)):
      if a.isIdentical(to: b) {
        // A shared subtree is unchanged: keep its ids without walking it.
        for offset in 0..<a.subtreeSize { newIDs[newPosition + offset] = oldIDs[oldPosition + offset] }
        return
      }
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
    case (.text(let a), .text(let b)), (.comment(let a), .comment(let b)):
      if !DOMString.same(a, b) { patches.append(.text(id: id, text: b)) }
    default:
      break
    }
  }

  /// Gives every node of a new subtree a fresh id; returns the first.
  mutating func create(_ node: Node, at newPosition: Int) -> NodeID {
    let firstID = nextID
    let size = node.subtreeSize
    for offset in 0..<size { newIDs[newPosition + offset] = firstID + offset }
    nextID += size
    return firstID
  }

  /// Records the mount methods (`showModal`) of a new subtree, in document order.
  mutating func appendMountInvocations(_ node: Node, firstID: NodeID) {
    guard case .element(let element) = node else { return }
    if element.hasExtras {
      for method in element.mountMethods { patches.append(.invoke(id: firstID, method: method)) }
    }
    var childID = firstID + 1
    for index in 0..<element.childCount {
      let child = element.child(at: index)
      appendMountInvocations(child, firstID: childID)
      childID += child.subtreeSize
    }
  }

  mutating func insert(_ node: Node, at newPosition: Int, parent: NodeID, before: NodeID?) {
    let firstID = create(node, at: newPosition)
    patches.append(.insert(parent: parent, before: before, node: node, firstID: firstID))
    appendMountInvocations(node, firstID: firstID)
  }

  // MARK: Attributes, properties, listeners

  mutating func diffAttributes(id: NodeID, _ old: UnsafeBufferPointer<Attribute>, _ new: UnsafeBufferPointer<Attribute>) {
    if old.elementsEqual(new) { return }
    for attribute in new where !old.contains(attribute) {
      patches.append(.setAttribute(id: id, name: attribute.name, value: attribute.value))
    }
    for attribute in old where !new.contains(where: { $0.name == attribute.name }) {
      patches.append(.removeAttribute(id: id, name: attribute.name))
    }
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
    if !old.isEmpty && Self.allKeyed(old) && Self.allKeyed(new) {
      // Only the keyed path jumps around the lists, so only it needs the positions up front.
      diffKeyedChildren(
        parent: parent, old: old, oldPositions: Self.positions(of: old, from: oldStart), new: new,
        newPositions: Self.positions(of: new, from: newStart))
    } else {
      diffChildrenByIndex(parent: parent, old: old, oldStart: oldStart, new: new, newStart: newStart)
    }
  }

  /// Document-order positions of each of `nodes`, the first at `start`.
  static func positions(of nodes: UnsafeBufferPointer<Node>, from start: Int) -> [Int] {
    var positions: [Int] = []
    positions.reserveCapacity(nodes.count)
    var position = start
    for node in nodes {
      positions.append(position)
      position += node.subtreeSize
    }
    return positions
  }

  static func allKeyed(_ nodes: UnsafeBufferPointer<Node>) -> Bool {
    for node in nodes where node.key == nil { return false }
    return true
  }

  /// Unkeyed children are matched by index; a pair that differs in kind, tag or key is replaced.
  /// Positions advance as the walk goes, so no array is allocated per element.
  mutating func diffChildrenByIndex(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldStart: Int, new: UnsafeBufferPointer<Node>, newStart: Int
  ) {
    let common = min(old.count, new.count)
    var oldPosition = oldStart
    var newPosition = newStart
    for index in 0..<common {
      diffNode(old[index], oldAt: oldPosition, new[index], newAt: newPosition)
      oldPosition += old[index].subtreeSize
      newPosition += new[index].subtreeSize
    }
    if old.count > common {
      for index in common..<old.count {
        patches.append(.remove(id: oldIDs[oldPosition]))
        oldPosition += old[index].subtreeSize
      }
    }
    if new.count > common {
      for index in common..<new.count {
        insert(new[index], at: newPosition, parent: parent, before: nil)
        newPosition += new[index].subtreeSize
      }
    }
  }

  /// Keyed children: trim the common prefix and suffix, match the middle by key, then move only
  /// the nodes outside a longest increasing subsequence (moves = n - |LIS|).
  mutating func diffKeyedChildren(
    parent: NodeID, old: UnsafeBufferPointer<Node>, oldPositions: [Int], new: UnsafeBufferPointer<Node>,
    newPositions: [Int]
  ) {
    var start = 0
    var oldEnd = old.count - 1
    var newEnd = new.count - 1

    while start <= oldEnd && start <= newEnd && old[start].key == new[start].key {
      diffNode(old[start], oldAt: oldPositions[start], new[start], newAt: newPositions[start])
      start += 1
    }
    while oldEnd >= start && newEnd >= start && old[oldEnd].key == new[newEnd].key {
      diffNode(old[oldEnd], oldAt: oldPositions[oldEnd], new[newEnd], newAt: newPositions[newEnd])
      oldEnd -= 1
      newEnd -= 1
    }

    // The node the middle ends before: the first of the kept suffix, or the end of the parent.
    let suffixAnchor: NodeID? = newEnd + 1 < new.count ? newIDs[newPositions[newEnd + 1]] : nil

    if start > oldEnd {
      if start <= newEnd {
        for index in start...newEnd {
          insert(new[index], at: newPositions[index], parent: parent, before: suffixAnchor)
        }
      }
      return
    }
    if start > newEnd {
      for index in start...oldEnd { patches.append(.remove(id: oldIDs[oldPositions[index]])) }
      return
    }

    // Where each new key sits in the middle of `new`.
    let newCount = newEnd - start + 1
    var newIndexByKey: [String: Int] = [:]
    newIndexByKey.reserveCapacity(newCount)
    for index in start...newEnd {
      let key = new[index].key!
      if newIndexByKey[key] != nil {
        options.onDuplicateKey(key)
      } else {
        newIndexByKey[key] = index
      }
    }

    // sources[i]: the old index matched to new index start + i, or -1 for a new node.
    var sources = [Int](repeating: -1, count: newCount)
    var matched = 0
    var needsMoves = false
    var lastMatchedNewIndex = -1
    var removals: [Patch] = []
    var seenOldKeys: [String: Bool] = [:]
    for oldIndex in start...oldEnd {
      let key = old[oldIndex].key!
      if seenOldKeys.updateValue(true, forKey: key) != nil { options.onDuplicateKey(key) }
      guard let newIndex = newIndexByKey[key], sources[newIndex - start] == -1 else {
        removals.append(.remove(id: oldIDs[oldPositions[oldIndex]]))
        continue
      }
      sources[newIndex - start] = oldIndex
      matched += 1
      if newIndex < lastMatchedNewIndex { needsMoves = true } else { lastMatchedNewIndex = newIndex }
    }

    // Nothing in common across the whole list: one clear beats a remove per child.
    if matched == 0 && start == 0 && oldEnd == old.count - 1 && newEnd == new.count - 1 {
      patches.append(.clear(parent: parent))
      for index in 0..<new.count { insert(new[index], at: newPositions[index], parent: parent, before: nil) }
      return
    }

    for index in 0..<newCount where sources[index] != -1 {
      let oldIndex = sources[index]
      diffNode(old[oldIndex], oldAt: oldPositions[oldIndex], new[start + index], newAt: newPositions[start + index])
    }
    patches.append(contentsOf: removals)

    let stable = needsMoves ? Self.longestIncreasingSubsequence(sources) : []
    var anchor = suffixAnchor
    var lisCursor = stable.count - 1
    var index = newCount - 1
    while index >= 0 {
      let newIndex = start + index
      let position = newPositions[newIndex]
      if sources[index] == -1 {
        insert(new[newIndex], at: position, parent: parent, before: anchor)
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
    for (index, value) in values.enumerated() where value != -1 {
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
