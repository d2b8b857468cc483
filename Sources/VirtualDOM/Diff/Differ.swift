/// The diff: walks an old and a new tree side by side and records the patches between them.
///
/// Old nodes are addressed by their position in the old tree's document order (`oldIDs[position]`
/// is their DOM id); new nodes by their position in the new tree's order, where `newIDs` is
/// filled as nodes are matched (keeping the old id) or created (taking fresh ids).
///
/// Nodes are read in place, through pointers into their parents' children: the walk copies a
/// node out of a tree only to put it into a patch.
///
/// In the WebAssembly module the walk's steps (`diffNode`, `diffElement`, the children's diffs)
/// are never inlined: they call one another from several places, and the linker's inliner,
/// left to choose, copied different ones into their callers as their sizes changed, a few KB
/// either way (measured on the demo's module).
struct Differ {
  // Both id buffers belong to `MountedTree.update`, which makes a `Differ` inside its
  // `withUnsafe…BufferPointer` scopes and drops it before they end: the pointers never outlive
  // the arrays. (Internal: no caller outside the module can keep a `Differ`.)
  let oldIDs: UnsafeBufferPointer<NodeID>
  /// Written only once the new ids differ from the old (`sharesOldIDs` false); until then
  /// uninitialized.
  private let newIDs: UnsafeMutableBufferPointer<NodeID>
  /// Whether every id given so far is the one the old tree has at that position, so the new
  /// tree's ids are the old array as it is and `newIDs` has not been written. Most updates
  /// change text, attributes or a selection and keep every node where it was: writing each
  /// id again was 800 KB for 10,000 rows (an unchanged table's diff after evicting the caches
  /// went from 2.93 to 2.33 ms without it). The first id that differs copies the old ids over
  /// and turns this off (`divergeFromOldIDs`).
  ///
  /// Always false in the WebAssembly module, where it cost the demo's module 196 bytes of
  /// gzip, over its budget.
  #if hasFeature(Embedded)
  var sharesOldIDs: Bool { false }
  #else
  private(set) var sharesOldIDs: Bool
  /// While `sharesOldIDs`: every id given so far is at a position before this one, so the
  /// copy need go no further (a replaced list gives its first fresh id after the two or three
  /// of the elements above it, and copying the whole array cost a 10,000-row replace ~10%).
  private var givenIDsEnd = 0
  #endif
  var nextID: NodeID
  var patches: [Patch] = []
  let options: DiffOptions
  /// The storage of the last key table, reused by the next (``MountedTree`` keeps it between
  /// updates): a table for 10,000 rows is 256 KB, which the system allocator maps and unmaps
  /// afresh each time (measured: a 10,000-row replace went from 1.3 to 2.1 ms).
  var keyTableStorage: [UInt64] = []
  /// The keyed diff's other arrays, kept the same way (see `MiddleStorage`).
  var middleStorage = MiddleStorage()

  /// Records a patch. In the WebAssembly module it is one function: inlined, each of the diff's
  /// nineteen places that record one was a copy of the array's capacity check and growth call.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  mutating func emit(_ patch: consuming Patch) {
    patches.append(patch)
  }

  init(
    oldIDs: UnsafeBufferPointer<NodeID>, newIDs: UnsafeMutableBufferPointer<NodeID>, nextID: NodeID,
    options: DiffOptions
  ) {
    self.oldIDs = oldIDs
    self.newIDs = newIDs
    #if !hasFeature(Embedded)
    sharesOldIDs = oldIDs.count == newIDs.count
    #endif
    self.nextID = nextID
    self.options = options
  }

  // MARK: Nodes

  /// Whether `new` can be patched into `old` rather than replacing it: the same tag, namespace
  /// and key.
  static func canPatch(_ a: Element, into b: Element) -> Bool {
    a.hasSameTag(as: b) && a.namespace == b.namespace && Self.sameKey(a.key, b.key)
  }

  #if hasFeature(Embedded)
  @inline(never)
  #endif
  mutating func diffNode(
    _ old: UnsafePointer<Node>, oldAt oldPosition: Int, _ new: UnsafePointer<Node>, newAt newPosition: Int
  ) {
    let id = oldIDs[oldPosition]
    // Borrowed in place: bound out of the trees, the two elements were a retain and a release
    // each, for every element pair of every diff.
    // (`Void?`: nil when either node is not an element, and then the code below diffs them.)
    let bothElements: Void? = Element.withElements(at: old, new) { a, b in
      guard Self.canPatch(a, into: b) else { return replace(id: id, with: new, at: newPosition) }
      setNewID(id, at: newPosition)
      if a.isIdentical(to: b) {
        // A shared subtree is unchanged: keep its ids without walking it. Nothing to write while
        // the new ids are still the old (then it has not moved: `setNewID` found its id in place).
        if sharesOldIDs {
          noteIDsGiven(upTo: newPosition + a.subtreeSize)
          return
        }
        for offset in 1..<a.subtreeSize { newIDs[newPosition + offset] = oldIDs[oldPosition + offset] }
        return
      }
      diffElement(id: id, a, oldAt: oldPosition, b, newAt: newPosition)
    }
    if bothElements != nil { return }
    // Text and comments: the same kind keeps its node and at most changes its data.
    switch old.pointee {
    case .text(let a):
      guard case .text(let b) = new.pointee else { break }
      setNewID(id, at: newPosition)
      if !DOMString.same(a, b) { emit(.text(id: id, text: b)) }
      return
    case .comment(let a):
      guard case .comment(let b) = new.pointee else { break }
      setNewID(id, at: newPosition)
      if !DOMString.same(a, b) { emit(.text(id: id, text: b)) }
      return
    default:
      break
    }
    replace(id: id, with: new, at: newPosition)
  }

  /// Two elements that can be patched: their attributes, properties, listeners and children.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  mutating func diffElement(id: NodeID, _ a: Element, oldAt oldPosition: Int, _ b: Element, newAt newPosition: Int) {
    // Attributes and children are read in place: an array per element would be an
    // allocation per element diffed.
    a.withAttributes { old in b.withAttributes { new in diffAttributes(id: id, old, new) } }
    if a.hasExtras || b.hasExtras {
      diffProperties(id: id, a.properties, b.properties)
      diffListeners(id: id, a, b)
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
    emit(.replace(id: id, node: node.pointee, firstID: firstID))
    appendMountInvocations(node, firstID: firstID)
  }

  @inline(never)  // called from several places; a change, not the hot unchanged walk
  mutating func insert(_ node: UnsafePointer<Node>, at newPosition: Int, parent: NodeID, before: NodeID?) {
    let firstID = create(node, at: newPosition)
    emit(.insert(parent: parent, before: before, node: node.pointee, firstID: firstID))
    appendMountInvocations(node, firstID: firstID)
  }

  /// Makes room for `count` more patches at once, at least doubling the room as appending
  /// would (so that many small lists do not each copy the array). Appending 10,000 inserts one
  /// by one copied the array 14 times, each copy a pass over memory the cache no longer held.
  mutating func reservePatches(_ count: Int) {
    let needed = patches.count + count
    if needed > patches.capacity { patches.reserveCapacity(max(needed, 2 * patches.capacity)) }
  }

  /// `reservePatches` for a run of `count` inserts or removals about to be emitted one by one.
  @inline(__always)
  mutating func reserveRunPatches(_ count: Int) {
    if count > 1 { reservePatches(count) }
  }

  /// Gives every node of a new subtree a fresh id; returns the first.
  mutating func create(_ node: UnsafePointer<Node>, at newPosition: Int) -> NodeID {
    let firstID = nextID
    let size = Self.subtreeSize(node)
    divergeFromOldIDs()
    for offset in 0..<size { newIDs[newPosition + offset] = firstID + offset }
    nextID += size
    return firstID
  }

  /// Records the mount methods (`showModal`) of a new subtree, in document order.
  mutating func appendMountInvocations(_ node: UnsafePointer<Node>, firstID: NodeID) {
    // Most subtrees have none: the flag saves a walk over every node of every insert.
    guard case .element(let element) = node.pointee, element.hasMountMethodsInSubtree else { return }
    if element.hasExtras {
      for method in element.mountMethods { emit(.invoke(id: firstID, method: method)) }
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

  /// How many DOM nodes the subtree at `node` holds. (Stored children are never fragments.)
  @inline(__always)
  static func subtreeSize(_ node: UnsafePointer<Node>) -> Int {
    guard case .element(let element) = node.pointee else { return 1 }
    return element.subtreeSize
  }

  // MARK: New ids

  /// Gives the new node at `position` the id `id`.
  @inline(__always)
  mutating func setNewID(_ id: NodeID, at position: Int) {
    #if !hasFeature(Embedded)
    if sharesOldIDs {
      if oldIDs[position] == id {
        noteIDsGiven(upTo: position + 1)
        return
      }
      copyOldIDs()
    }
    #endif
    newIDs[position] = id
  }

  /// The id given to the new node at `position`.
  @inline(__always)
  func newID(at position: Int) -> NodeID {
    sharesOldIDs ? oldIDs[position] : newIDs[position]
  }

  /// Starts writing the new ids: copies the old ones over as far as ids were given
  /// (`givenIDsEnd`; each was the old one at its position), before the first that differs is
  /// written. The positions after are written as the diff reaches them.
  @inline(__always)
  mutating func divergeFromOldIDs() {
    #if !hasFeature(Embedded)
    if sharesOldIDs { copyOldIDs() }
    #endif
  }

  /// While `sharesOldIDs`: the positions before `end` have their ids (the old ones). Nothing
  /// in the WebAssembly module, which never shares them.
  @inline(__always)
  private mutating func noteIDsGiven(upTo end: Int) {
    #if !hasFeature(Embedded)
    givenIDsEnd = max(givenIDsEnd, end)
    #endif
  }

  #if !hasFeature(Embedded)
  @inline(never)  // once per update at most
  private mutating func copyOldIDs() {
    if givenIDsEnd > 0 { newIDs.baseAddress!.initialize(from: oldIDs.baseAddress!, count: givenIDsEnd) }
    sharesOldIDs = false
  }
  #endif

  // MARK: Keys

  /// Whether `node` is an element with a key (a member of a keyed list).
  @inline(__always)
  static func isKeyedElement(_ node: UnsafePointer<Node>) -> Bool {
    guard case .element(let element) = node.pointee else { return false }
    return element.hasKey
  }

  /// The key of `node`, when it is a keyed element.
  @inline(__always)
  static func keyIfKeyed(_ node: UnsafePointer<Node>) -> String? {
    guard case .element(let element) = node.pointee else { return nil }
    return element.key
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
    guard case .element(let element) = nodes[index], let key = element.key else {
      preconditionFailure("a member of an all-keyed list has no key")
    }
    return key
  }
}
