/// A tree as it stands in the DOM: its nodes and the id each one has there.
///
/// Diffing is a mutation of a mounted tree: `update(to:)` returns the patches that bring the
/// DOM from the current tree to the new one and remembers the new tree with its ids, ready for
/// the next change.
///
/// ```swift
/// var mounted = MountedTree([ul { li { "One" } }])
/// let patches = mounted.update(to: [ul { li { "One" }; li { "Two" } }])
/// // [.insert(parent: 1, before: nil, node: <li>Two</li>, firstID: 4)]
/// ```
public struct MountedTree {
  /// The top-level nodes, the children of the container (id 0).
  public private(set) var roots: [Node]
  /// `ids[i]` is the id of the i-th node of `roots` in document order.
  public private(set) var ids: [NodeID]
  /// The id the next created node gets.
  public private(set) var nextID: NodeID
  /// The diff's key-table storage, kept for the next update (see `Differ.keyTableStorage`).
  private var keyTableStorage: [UInt64] = []
  /// The keyed diff's other arrays, kept the same way (see `MiddleStorage`).
  private var middleStorage = MiddleStorage()

  /// Mounts `roots`, numbering their nodes in document order from `firstID`.
  public init(_ roots: [Node], firstID: NodeID = 1) {
    var flat: [Node] = []
    for node in roots { node.flatten(into: &flat) }
    self.roots = flat
    var count = 0
    for node in flat { count += node.subtreeSize }
    self.ids = Array(firstID..<(firstID + count))
    self.nextID = firstID + count
  }

  /// Diffs the current tree against `newRoots`, adopts `newRoots`, and returns the patches.
  public mutating func update(to newRoots: [Node], options: DiffOptions = .default) -> [Patch] {
    var flat: [Node] = []
    for node in newRoots { node.flatten(into: &flat) }
    // Left uninitialized: the differ gives every new node its id, and zeroing first wrote the
    // array twice (at 10,000 rows, 800 KB that had left the cache again before the diff came).
    // Debug builds (the tests) fill it with an id no node has, so that a position the differ
    // missed shows as an unknown id rather than as whatever an array freed before held there.
    let count = Self.count(flat)
    var newIDs = [NodeID](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      #if DEBUG
      buffer.initialize(repeating: NodeID.min)
      #endif
      initializedCount = count
    }
    var patches: [Patch] = []
    var nextID = self.nextID
    var keepsOldIDs = false
    newIDs.withUnsafeMutableBufferPointer { newIDs in
      ids.withUnsafeBufferPointer { oldIDs in
        roots.withUnsafeBufferPointer { old in
          flat.withUnsafeBufferPointer { new in
            var differ = Differ(oldIDs: oldIDs, newIDs: newIDs, nextID: nextID, options: options)
            differ.keyTableStorage = keyTableStorage.takeAll()
            swap(&differ.middleStorage, &middleStorage)
            differ.diffChildren(parent: 0, old: old, oldRange: 0..<oldIDs.count, new: new, newRange: 0..<count)
            patches = differ.patches
            nextID = differ.nextID
            keepsOldIDs = differ.sharesOldIDs
            keyTableStorage = differ.keyTableStorage.takeAll()
            swap(&differ.middleStorage, &middleStorage)
          }
        }
      }
    }
    roots = flat
    // Every node kept its id and its position: the old ids are the new tree's.
    if !keepsOldIDs { ids = newIDs }
    self.nextID = nextID
    return patches
  }

  /// Whether the ids are 1, 2, 3… in document order, as a page's hydration numbers its nodes:
  /// true when just mounted from 1, false once updates have renumbered the tree.
  ///
  /// ```swift
  /// MountedTree([p { "Hi" }]).idsAreHydrationOrder   // true
  /// ```
  public var idsAreHydrationOrder: Bool {
    ids.enumerated().allSatisfy { index, id in id == NodeID(index) + 1 }
  }

  /// Every (id, node) pair in document order.
  public func forEachNode(_ body: (NodeID, Node) -> Void) {
    var position = 0
    func visit(_ node: Node) {
      body(ids[position], node)
      position += 1
      if case .element(let element) = node {
        for index in 0..<element.childCount { visit(element.child(at: index)) }
      }
    }
    for node in roots { visit(node) }
  }

  private static func count(_ nodes: [Node]) -> Int {
    var total = 0
    for node in nodes { total += node.subtreeSize }
    return total
  }
}

/// Diffs two trees as if `old` had just been mounted with ids numbered from 1.
///
/// ```swift
/// let patches = diff([p { "Hi" }], [p { "Hello" }])
/// // [.text(id: 2, text: "Hello")]
/// ```
public func diff(_ old: [Node], _ new: [Node], options: DiffOptions = .default) -> [Patch] {
  var mounted = MountedTree(old)
  return mounted.update(to: new, options: options)
}

/// Diffs two single trees; see `diff(_:_:options:)`.
public func diff(_ old: Node, _ new: Node, options: DiffOptions = .default) -> [Patch] {
  diff([old], [new], options: options)
}
