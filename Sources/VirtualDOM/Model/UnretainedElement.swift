/// An element of a tree being walked (by the diff, the serializer), held without retaining it.
///
/// The diff visits every node of two trees. Copying a `Node` out of its parent's children
/// retains its element and releases it again: two atomic read-modify-writes per node and tree,
/// each a write to the element's block. On the 10,000-row benchmark table that was over a third
/// of an unchanged diff's time, and it dirtied a cache line of every element of both trees.
///
/// Not retaining is safe while something else holds the tree for the whole walk, and nothing
/// mutates an element once it is made: `MountedTree.update(to:)` holds both trees for the whole
/// diff, and the serializer's caller holds the tree it writes. An element that outlives the walk
/// (one put into a patch) is copied out as a `Node` as usual.
///
/// ```swift
/// element.withChildren { children in
///   for index in children.indices {
///     UnretainedElement(children.baseAddress! + index)?.read { child in visit(child) }
///   }
/// }
/// ```
public struct UnretainedElement {
  @usableFromInline
  let storage: Unmanaged<ElementStorage>

  /// The element `node` points at, or nil when it is text or a comment. `node` must stay
  /// valid, and its tree alive, while this is used.
  @inlinable @inline(__always)
  public init?(_ node: UnsafePointer<Node>) {
    guard case .element(let element) = node.pointee else { return nil }
    storage = .passUnretained(element.storage)
  }

  /// Calls `body` with the element, borrowed for the call.
  @inlinable @inline(__always)
  public func read<Result>(_ body: (Element) -> Result) -> Result {
    storage._withUnsafeGuaranteedRef { body(Element(storage: $0)) }
  }

  /// Whether both are the same stored element (a subtree shared between the trees).
  @inlinable @inline(__always)
  public func isIdentical(to other: UnretainedElement) -> Bool {
    storage.toOpaque() == other.storage.toOpaque()
  }
}

extension UnretainedElement {
  @inlinable @inline(__always)
  public var subtreeSize: Int { read { $0.subtreeSize } }
}
