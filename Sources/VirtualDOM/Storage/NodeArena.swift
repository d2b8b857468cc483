/// Where elements live: flat records in a few growable buffers, reused from render to render.
///
/// Building `div { span { "Hi" } }` appends a record for `span`, its text, then a record for
/// `div` whose child list names `span`'s record: children first, so a parent's record comes
/// after its subtree's. An `Element` is this arena and a record's index. Nothing in an arena
/// changes once appended, so a `Node` is a value even though its parts are shared.
///
/// Rendering allocates nothing per element once the buffers have grown to the size of a tree:
/// the storage of a whole tree is a handful of blocks, emptied and refilled, not one heap block
/// per element made and freed on every render.
///
/// Each thread builds into an arena of its own (`NodeArena.current`); a runtime renders into two
/// arenas in turn (`ArenaPair`), one holding the tree on the page while the next is built. An
/// arena is emptied only when nothing else refers to it, so a node kept from an old render stays
/// valid: its arena lives on until the node goes.
///
/// ```swift
/// let arena = NodeArena()
/// let row = arena.building { tr(.key("1")) { td { "One" } } }
/// ```
public final class NodeArena {
  /// The buffers, behind a pointer the arena owns: appends through it are not checked for
  /// exclusive access at run time, as a class's stored properties would be at every element.
  let parts: UnsafeMutablePointer<ArenaParts>

  /// An empty arena; its buffers grow as elements are built into it.
  ///
  /// ```swift
  /// let arena = NodeArena()
  /// ```
  public init() {
    parts = .allocate(capacity: 1)
    parts.initialize(to: ArenaParts())
  }

  deinit {
    parts.pointee.release()
    parts.deinitialize(count: 1)
    parts.deallocate()
  }

  /// How many element records the arena holds.
  ///
  /// ```swift
  /// let arena = NodeArena()
  /// _ = arena.building { ul { li { "One" } } }
  /// arena.elementCount   // 2
  /// ```
  public var elementCount: Int { parts.pointee.records.count }

  /// Empties the arena, keeping its memory. Only for an arena nothing refers to.
  ///
  /// The buffers are taken out first: destroying the values releases listener closures, whose
  /// captures' `deinit`s are the app's code and may build elements, into this very arena. They
  /// find it empty and consistent; the old memory is kept only if nothing was built meanwhile.
  package func reset() {
    guard parts.pointee.records.count > 0 || parts.pointee.strings.count > 0 else { return }
    var taken = parts.move()
    parts.initialize(to: ArenaParts())
    taken.removeAll()
    if parts.pointee.isUnallocated {
      parts.pointee = taken
    } else {
      taken.release()
    }
  }

  /// Pointers to the arena's buffers for a walk that appends nothing.
  var reader: TreeReader { TreeReader(self) }
}

/// An arena's buffers.
struct ArenaParts {
  var records = ArenaBuffer<ElementRecord>()
  var children = ArenaBuffer<StoredChild>()
  var attributes = ArenaBuffer<Attribute>()
  /// Keys, texts, comments and tags too long to pack.
  var strings = ArenaBuffer<String>()
  var extras = ArenaBuffer<Element.Extras>()

  mutating func removeAll() {
    records.removeAll()
    children.removeAll()
    attributes.removeAll()
    strings.removeAll()
    extras.removeAll()
  }

  /// Whether no buffer holds memory (nothing was appended since the arena was emptied out).
  var isUnallocated: Bool {
    records.capacity == 0 && children.capacity == 0 && attributes.capacity == 0 && strings.capacity == 0
      && extras.capacity == 0
  }

  mutating func release() {
    records.release()
    children.release()
    attributes.release()
    strings.release()
    extras.release()
  }
}

extension NodeArena {
  /// At most 2^30 of any part: a child names its record or string in 30 bits.
  static let limit = 1 << 30

  // MARK: Appending elements

  /// Appends an element's record once its children are placed (`placeChildren`) and its
  /// attributes appended (`firstAttribute..<parts.pointee.attributes.count`).
  func appendRecord(
    tag: String, packedTag: UInt64, namespace: Namespace, key: consuming String?, extras: consuming Element.Extras?,
    children placed: PlacedChildren, firstAttribute: Int
  ) -> Int {
    let attributeCount = parts.pointee.attributes.count - firstAttribute
    precondition(
      parts.pointee.records.count < Self.limit && parts.pointee.strings.count + 2 < Self.limit
        && placed.subtreeSize <= UInt64(UInt32.max), "an arena holds at most 2^30 elements and strings, a subtree 2^32 - 1 nodes")
    var keyIndex = -1
    if let key { keyIndex = parts.pointee.strings.append(key) }
    let tagIndex = packedTag == 0 ? parts.pointee.strings.append(tag) : -1
    var hasMounts = false
    var extrasIndex = -1
    if let extras {
      hasMounts = !extras.mountMethods.isEmpty
      extrasIndex = parts.pointee.extras.append(extras)
    }
    return parts.pointee.records.append(
      ElementRecord(
        packedTag: packedTag, subtreeSize: UInt32(placed.subtreeSize), firstChild: UInt32(placed.first),
        childCount: UInt32(placed.count), firstAttribute: UInt32(firstAttribute), attributeCount: UInt32(attributeCount),
        key: Int32(keyIndex), storedTag: Int32(tagIndex), extras: Int32(extrasIndex), namespace: namespace,
        mountsInSubtree: hasMounts || placed.mountsInSubtree))
  }

  /// Where an element's children went in `children`, and what its record needs of them.
  struct PlacedChildren {
    var first: Int
    var count = 0
    var subtreeSize: UInt64 = 1
    var mountsInSubtree = false
  }

  /// Appends the child list of an element about to be appended: `content` is one node or a
  /// fragment of them (fragments are spread). Elements of another arena are copied in, so
  /// every tree lies in one arena.
  ///
  /// The list's slots are taken first, so that a foreign member's copy (with lists of its own)
  /// goes after them; then each member is placed into its slot, read in place.
  func placeChildren(_ content: consuming Node) -> PlacedChildren {
    let placed = PlacedChildren(first: parts.pointee.children.count)
    let count = Self.memberCount(content)
    parts.pointee.children.reserve(count)
    for _ in 0..<count { parts.pointee.children.append(.element(0)) }
    return withUnsafePointer(to: content) { content in
      var placed = placed
      fill(content, into: &placed)
      return placed
    }
  }

  /// How many children `node` stands for: itself, or a fragment's members, spread.
  private static func memberCount(_ node: Node) -> Int {
    guard case .fragment(let members) = node else { return 1 }
    var count = 0
    for member in members { count += member.isFragment ? memberCount(member) : 1 }
    return count
  }

  /// Places `node` (a fragment's members, in order) into the next slots of `placed`.
  @inline(never)
  private func fill(_ node: UnsafePointer<Node>, into placed: inout PlacedChildren) {
    if case .fragment(let members) = node.pointee {
      members.withUnsafeBufferPointer { members in
        for index in members.indices { fill(members.baseAddress! + index, into: &placed) }
      }
      return
    }
    let child = place(node)
    parts.pointee.children.set(placed.first + placed.count, child)
    count(child, in: &placed)
  }

  /// The child that stands for `node` here; `node` is not a fragment.
  private func place(_ node: UnsafePointer<Node>) -> StoredChild {
    switch node.pointee {
    case .element(let element):
      return element.arena === self ? .element(element.index) : .element(copyElement(element.index, from: element.arena))
    case .text(let text): return .text(parts.pointee.strings.append(text))
    case .comment(let text): return .comment(parts.pointee.strings.append(text))
    case .fragment: preconditionFailure("fragments are spread before placing")
    }
  }

  /// Counts a placed child into its parent's count, subtree size and mount flag.
  @inline(__always)
  private func count(_ child: StoredChild, in placed: inout PlacedChildren) {
    placed.count += 1
    if child.isElement {
      let record = parts.pointee.records[child.index]
      placed.subtreeSize += UInt64(record.subtreeSize)
      placed.mountsInSubtree = placed.mountsInSubtree || record.mountsInSubtree
    } else {
      placed.subtreeSize += 1
    }
  }

  /// Copies the element at `index` of `source`, with its subtree, into this arena: made again
  /// here from its parts (its children, being `source`'s, are copied the same way). A rare
  /// path (a node kept from another build), so it shares the building code rather than being
  /// fast.
  func copyElement(_ index: Int, from source: NodeArena) -> Int {
    let element = Element(arena: source, index: index)
    let copy = building {
      Element(
        element.tag, namespace: element.namespace, key: element.key, attributes: element.attributes,
        properties: element.properties, listeners: element.listeners, mountMethods: element.mountMethods,
        children: element.children)
    }
    return copy.index
  }
}
