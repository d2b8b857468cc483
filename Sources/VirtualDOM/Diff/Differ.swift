/// The diff: walks an old and a new tree side by side and records the patches between them.
///
/// Old nodes are addressed by their position in the old tree's document order (`oldIDs[position]`
/// is their DOM id); new nodes by their position in the new tree's order, where `newIDs` is
/// filled as nodes are matched (keeping the old id) or created (taking fresh ids).
///
/// Each tree lies in one arena; the walk reads both through `TreeReader`s, child lists as runs
/// of `StoredChild`, and makes a `Node` value only to put it into a patch.
struct Differ {
  let oldTree: TreeReader
  let newTree: TreeReader
  let oldIDs: UnsafeBufferPointer<NodeID>
  let newIDs: UnsafeMutableBufferPointer<NodeID>
  var nextID: NodeID
  var patches: [Patch] = []
  /// Keys held by two siblings, in the order found: reported once the walk is over (the
  /// report is the caller's code, which may build nodes, and so move an arena's buffers).
  var duplicateKeys: [String] = []
  /// The storage of the last key table, reused by the next (``MountedTree`` keeps it between
  /// updates): a table for 10,000 rows is 256 KB, which the system allocator maps and unmaps
  /// afresh each time (measured: a 10,000-row replace went from 1.3 to 2.1 ms).
  var keyTableStorage: [UInt64] = []

  init(
    oldTree: TreeReader, newTree: TreeReader, oldIDs: UnsafeBufferPointer<NodeID>,
    newIDs: UnsafeMutableBufferPointer<NodeID>, nextID: NodeID
  ) {
    self.oldTree = oldTree
    self.newTree = newTree
    self.oldIDs = oldIDs
    self.newIDs = newIDs
    self.nextID = nextID
  }

  // MARK: Nodes

  /// Whether the element `b` can be patched into `a` rather than replacing it: the same tag,
  /// namespace and key (records read in place).
  func canPatch(_ a: UnsafePointer<ElementRecord>, into b: UnsafePointer<ElementRecord>) -> Bool {
    guard a.pointee.namespace == b.pointee.namespace else { return false }
    let packed = a.pointee.packedTag
    if packed != 0 || b.pointee.packedTag != 0 {
      guard packed == b.pointee.packedTag else { return false }
    } else if !DOMString.same(oldTree.string(Int(a.pointee.storedTag)).pointee, newTree.string(Int(b.pointee.storedTag)).pointee) {
      return false
    }
    let (oldKey, newKey) = (a.pointee.key, b.pointee.key)
    if oldKey < 0 || newKey < 0 { return oldKey < 0 && newKey < 0 }
    return DOMString.same(oldTree.string(Int(oldKey)).pointee, newTree.string(Int(newKey)).pointee)
  }

  mutating func diffNode(_ old: StoredChild, oldAt oldPosition: Int, _ new: StoredChild, newAt newPosition: Int) {
    let id = oldIDs[oldPosition]
    if old.isElement && new.isElement {
      let a = oldTree.record(old.index)
      let b = newTree.record(new.index)
      guard canPatch(a, into: b) else { return replace(id: id, with: new, at: newPosition) }
      newIDs[newPosition] = id
      if oldTree.arena === newTree.arena && old.index == new.index {
        // A shared subtree is unchanged: keep its ids without walking it.
        for offset in 1..<Int(a.pointee.subtreeSize) { newIDs[newPosition + offset] = oldIDs[oldPosition + offset] }
        return
      }
      diffElement(id: id, old.index, oldAt: oldPosition, new.index, newAt: newPosition)
      return
    }
    // Text and comments: the same kind keeps its node and at most changes its data.
    if (old.isText && new.isText) || (old.isComment && new.isComment) {
      newIDs[newPosition] = id
      let text = newTree.string(new.index)
      if !DOMString.same(oldTree.string(old.index).pointee, text.pointee) {
        patches.append(.text(id: id, text: text.pointee))
      }
      return
    }
    replace(id: id, with: new, at: newPosition)
  }

  /// Two elements that can be patched: their attributes, properties, listeners and children.
  mutating func diffElement(id: NodeID, _ old: Int, oldAt oldPosition: Int, _ new: Int, newAt newPosition: Int) {
    diffAttributes(id: id, oldTree.attributeList(old), newTree.attributeList(new))
    let a = oldTree.record(old)
    let b = newTree.record(new)
    if a.pointee.extras >= 0 || b.pointee.extras >= 0 {
      let oldElement = Element(arena: oldTree.arena, index: old)
      let newElement = Element(arena: newTree.arena, index: new)
      diffProperties(id: id, oldElement.properties, newElement.properties)
      diffListeners(id: id, oldElement.listeners, newElement.listeners)
    }
    diffChildren(
      parent: id, old: oldTree.childList(old), oldRange: (oldPosition + 1)..<(oldPosition + Int(a.pointee.subtreeSize)),
      new: newTree.childList(new), newRange: (newPosition + 1)..<(newPosition + Int(b.pointee.subtreeSize)))
  }

  @inline(never)  // called from several places; a change, not the hot unchanged walk
  mutating func replace(id: NodeID, with node: StoredChild, at newPosition: Int) {
    let firstID = create(node, at: newPosition)
    patches.append(.replace(id: id, node: newTree.node(node), firstID: firstID))
    appendMountInvocations(node, firstID: firstID)
  }

  @inline(never)  // called from several places; a change, not the hot unchanged walk
  mutating func insert(_ node: StoredChild, at newPosition: Int, parent: NodeID, before: NodeID?) {
    let firstID = create(node, at: newPosition)
    patches.append(.insert(parent: parent, before: before, node: newTree.node(node), firstID: firstID))
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
  mutating func create(_ node: StoredChild, at newPosition: Int) -> NodeID {
    let firstID = nextID
    let size = newTree.subtreeSize(node)
    for offset in 0..<size { newIDs[newPosition + offset] = firstID + offset }
    nextID += size
    return firstID
  }

  /// Records the mount methods (`showModal`) of a new subtree, in document order.
  mutating func appendMountInvocations(_ node: StoredChild, firstID: NodeID) {
    // Most subtrees have none: the flag saves a walk over every node of every insert.
    guard node.isElement, newTree.record(node.index).pointee.mountsInSubtree else { return }
    for method in Element(arena: newTree.arena, index: node.index).mountMethods {
      patches.append(.invoke(id: firstID, method: method))
    }
    var childID = firstID + 1
    for child in newTree.childList(node.index) {
      appendMountInvocations(child, firstID: childID)
      childID += newTree.subtreeSize(child)
    }
  }

  // MARK: Keys

  /// Whether `old` and `new` are keyed elements with the same key; nil when either is not a
  /// keyed element.
  @inline(__always)
  func sameKeys(_ old: StoredChild, _ new: StoredChild) -> Bool? {
    guard old.isElement && new.isElement else { return nil }
    let (oldKey, newKey) = (oldTree.record(old.index).pointee.key, newTree.record(new.index).pointee.key)
    guard oldKey >= 0 && newKey >= 0 else { return nil }
    return DOMString.same(oldTree.string(Int(oldKey)).pointee, newTree.string(Int(newKey)).pointee)
  }

  /// Keys are the same when both are absent or both have the same code points (as
  /// `KeyTable` matches them).
  @inline(__always)
  static func sameKey(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return DOMString.same(a, b)
  }
}
