/// An element of a tree the diff is walking, held without retaining it.
///
/// The diff visits every node of two trees. Copying a `Node` out of its parent's children
/// retains its element and releases it again: two atomic read-modify-writes per node and tree,
/// each a write to the element's block. On the 10,000-row benchmark table that was over a third
/// of an unchanged diff's time, and it dirtied a cache line of every element of both trees.
///
/// Not retaining is safe because `MountedTree.update(to:)` holds both trees for the whole diff
/// and nothing mutates an element once it is made. Only the diff uses this type; an element
/// that outlives a diff (one put into a patch) is copied out as a `Node` as usual.
struct UnretainedElement {
  let storage: Unmanaged<ElementStorage>

  /// The element `node` points at, or nil when it is text or a comment.
  @inline(__always)
  init?(_ node: UnsafePointer<Node>) {
    guard case .element(let element) = node.pointee else { return nil }
    storage = .passUnretained(element.storage)
  }

  /// Calls `body` with the element, borrowed for the call.
  @inline(__always)
  func read<Result>(_ body: (Element) -> Result) -> Result {
    storage._withUnsafeGuaranteedRef { body(Element(storage: $0)) }
  }

  /// Whether both are the same stored element (a subtree shared between the trees).
  @inline(__always)
  func isIdentical(to other: UnretainedElement) -> Bool {
    storage.toOpaque() == other.storage.toOpaque()
  }
}

extension UnretainedElement {
  @inline(__always)
  var subtreeSize: Int { read { $0.subtreeSize } }
}
