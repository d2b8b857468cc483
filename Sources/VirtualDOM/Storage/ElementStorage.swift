/// The fixed part of an element's one allocation: 24 bytes. What follows it in the same block
/// is described by `layout`.
@usableFromInline
struct ElementHeader {
  @usableFromInline var packedTag: UInt64
  @usableFromInline var storedSubtreeSize: UInt32
  @usableFromInline var storedChildCount: UInt32
  @usableFromInline var storedAttributeCount: UInt16
  @usableFromInline var namespace: Namespace
  @usableFromInline var flags: UInt8

  @usableFromInline static let hasKeyFlag: UInt8 = 1
  @usableFromInline static let hasStoredTagFlag: UInt8 = 2
  @usableFromInline static let hasExtrasFlag: UInt8 = 4
  /// Set when this element or one below it has mount methods: a subtree without it is
  /// inserted with no `invoke` patches, and the diff need not walk it to find out.
  @usableFromInline static let mountsInSubtreeFlag: UInt8 = 8

  @inlinable
  var hasKey: Bool { flags & Self.hasKeyFlag != 0 }

  @inline(__always)
  static func flags(hasKey: Bool, hasStoredTag: Bool, hasExtras: Bool, mountsInSubtree: Bool) -> UInt8 {
    (hasKey ? hasKeyFlag : 0) | (hasStoredTag ? hasStoredTagFlag : 0) | (hasExtras ? hasExtrasFlag : 0)
      | (mountsInSubtree ? mountsInSubtreeFlag : 0)
  }

  /// The header of a block whose parts are still being placed: it describes none of them.
  @usableFromInline
  static var empty: ElementHeader {
    ElementHeader(
      packedTag: 0, storedSubtreeSize: 0, storedChildCount: 0, storedAttributeCount: 0, namespace: .html, flags: 0)
  }

  @inlinable
  var layout: ElementLayout {
    ElementLayout(
      attributeCount: Int(storedAttributeCount), childCount: Int(storedChildCount), hasKey: hasKey,
      hasStoredTag: flags & Self.hasStoredTagFlag != 0, hasExtras: flags & Self.hasExtrasFlag != 0)
  }
}

/// Where the parts of an element's tail are, in order: the key if there is one, the
/// attributes, the children (never fragments), the tag if it does not fit `packedTag`, and
/// the extras (properties, listeners, mount methods) if there are any.
///
/// Keeping them in the element's own block, rather than in arrays of their own, makes an
/// element one allocation instead of two or three, and a table row about a third smaller in
/// memory: less to allocate, walk and free. The key comes first, next to the header, because
/// keyed diffing reads the keys of a whole list before anything else of its elements; the
/// extras come last, and only when present, because most elements have none (a word in every
/// header put three of a benchmark row's eight elements in the next 16-byte size of block:
/// 896 bytes a row, now 848).
/// (Each part's stride is a multiple of the pointer alignment, so every part starts aligned.)
@usableFromInline
struct ElementLayout {
  @usableFromInline let attributeCount: Int
  @usableFromInline let childCount: Int
  @usableFromInline let hasKey: Bool
  @usableFromInline let hasStoredTag: Bool
  @usableFromInline let hasExtras: Bool

  @inlinable
  init(attributeCount: Int, childCount: Int, hasKey: Bool, hasStoredTag: Bool, hasExtras: Bool) {
    self.attributeCount = attributeCount
    self.childCount = childCount
    self.hasKey = hasKey
    self.hasStoredTag = hasStoredTag
    self.hasExtras = hasExtras
  }

  @inlinable var keyOffset: Int { 0 }
  @inlinable var attributesOffset: Int { hasKey ? MemoryLayout<String>.stride : 0 }
  @inlinable var childrenOffset: Int { attributesOffset + attributeCount * MemoryLayout<Attribute>.stride }
  @inlinable var tagOffset: Int { childrenOffset + childCount * MemoryLayout<Node>.stride }
  @inlinable var extrasOffset: Int { tagOffset + (hasStoredTag ? MemoryLayout<String>.stride : 0) }
  @inlinable var byteCount: Int { extrasOffset + (hasExtras ? MemoryLayout<Element.Extras>.stride : 0) }

  @inlinable
  func attributes(in tail: UnsafeMutableRawPointer) -> UnsafeBufferPointer<Attribute> {
    UnsafeBufferPointer(start: (tail + attributesOffset).assumingMemoryBound(to: Attribute.self), count: attributeCount)
  }

  @inlinable
  func children(in tail: UnsafeMutableRawPointer) -> UnsafeBufferPointer<Node> {
    UnsafeBufferPointer(start: (tail + childrenOffset).assumingMemoryBound(to: Node.self), count: childCount)
  }

  @inlinable
  func key(in tail: UnsafeMutableRawPointer) -> String? {
    hasKey ? (tail + keyOffset).assumingMemoryBound(to: String.self).pointee : nil
  }

  @inlinable
  func extras(in tail: UnsafeMutableRawPointer) -> UnsafePointer<Element.Extras>? {
    hasExtras ? UnsafePointer((tail + extrasOffset).assumingMemoryBound(to: Element.Extras.self)) : nil
  }

  @inlinable
  func storedTag(in tail: UnsafeMutableRawPointer) -> String? {
    hasStoredTag ? (tail + tagOffset).assumingMemoryBound(to: String.self).pointee : nil
  }
}

/// An element's one heap block: `ElementHeader`, then the parts `ElementLayout` places.
///
/// One allocation per element, instead of the element object plus an attribute array plus a
/// children array: building and freeing those was most of the time of building and rendering
/// the benchmark table.
@usableFromInline
final class ElementStorage: ManagedBuffer<ElementHeader, UInt64> {
  deinit {
    // ManagedBuffer destroys the header; the tail is ours to destroy. One value at a time:
    // `deinitialize(count:)` with a count unknown at compile time goes through the runtime's
    // generic array destroyer (~45 instructions per value, against a release or two inlined).
    withParts { header, tail in
      let layout = header.pointee.layout
      let attributes = (tail + layout.attributesOffset).assumingMemoryBound(to: Attribute.self)
      for index in 0..<layout.attributeCount {
        _ = (attributes + index).move()
      }
      let children = (tail + layout.childrenOffset).assumingMemoryBound(to: Node.self)
      for index in 0..<layout.childCount { _ = (children + index).move() }
      if layout.hasKey {
        let key = (tail + layout.keyOffset).assumingMemoryBound(to: String.self)
        _ = key.move()
      }
      if layout.hasStoredTag { _ = (tail + layout.tagOffset).assumingMemoryBound(to: String.self).move() }
      if layout.hasExtras { _ = (tail + layout.extrasOffset).assumingMemoryBound(to: Element.Extras.self).move() }
    }
  }

  /// The header and the start of the tail, as a raw pointer the layout reads from.
  @inlinable
  func withParts<Result>(
    _ body: (UnsafeMutablePointer<ElementHeader>, UnsafeMutableRawPointer) -> Result
  ) -> Result {
    withUnsafeMutablePointers { header, tail in body(header, UnsafeMutableRawPointer(tail)) }
  }

  /// Where the first attribute goes. The caller of `make` initializes them all, in order.
  @usableFromInline
  var firstAttribute: UnsafeMutablePointer<Attribute> {
    withParts { header, tail in (tail + header.pointee.layout.attributesOffset).assumingMemoryBound(to: Attribute.self) }
  }

  /// Makes the block with room for `attributeCount` attributes, which the caller must then
  /// initialize, all of them, before the storage is used or released (nothing in between can
  /// fail). Fragments in `content` are spread into the children.
  ///
  /// The key, the extras and the content are `consuming`, and moved into the block: a copy
  /// would be a retain here and a release when the argument goes.
  ///
  /// A switch consumes the content, leaving nothing to destroy (taking the members out in
  /// place left an empty fragment, destroyed for each element): a fragment's array, the
  /// builder's for this element alone, moves out, and its members into the block, not copied
  /// (a copy retained each child and released it with the array); one child moves in as is.
  /// It sets one of two optionals, and the members are popped after the switch: a case's
  /// binding holds a copy of the array until the switch ends, and popped inside it, every
  /// `tr`'s array was copied first (+13% instructions for the render, callgrind).
  @usableFromInline
  static func make(
    tag: String, packedTag: UInt64, namespace: Namespace, key: consuming String?, extras: consuming Element.Extras?,
    content: consuming Node, attributeCount: Int
  ) -> ElementStorage {
    var members: [Node]? = nil
    var single: Node? = nil
    switch consume content {
    case .fragment(let taken): members = taken.isFlat ? taken : Node.fragment(taken).flattened
    case let node: single = node
    }
    let childCount = members?.count ?? 1
    precondition(attributeCount <= Int(UInt16.max), "an element holds at most 65,535 attributes")
    precondition(UInt64(childCount) < UInt64(UInt32.max), "an element holds at most 4,294,967,294 children")
    // Tested in place: `key != nil` on the argument copied it (a retain and a release).
    let hasKey: Bool
    switch key {
    case .some: hasKey = true
    case .none: hasKey = false
    }
    let hasExtras = extras != nil
    let hasStoredTag = packedTag == 0
    var mountsInSubtree = extras?.mountMethods.isEmpty == false
    let layout = ElementLayout(
      attributeCount: attributeCount, childCount: childCount, hasKey: hasKey, hasStoredTag: hasStoredTag,
      hasExtras: hasExtras)
    let words = (layout.byteCount + MemoryLayout<UInt64>.stride - 1) / MemoryLayout<UInt64>.stride

    // The block is made with an empty header and filled in place here, not in the closure
    // that makes it (whose captures can be copied, never moved); the real header goes in
    // last, once the children are in and the subtree is counted.
    let storage = allocate(words: words)
    let (header, tail) = storage.withParts { ($0, $1) }
    (tail + layout.attributesOffset).bindMemory(to: Attribute.self, capacity: attributeCount)
    let children = (tail + layout.childrenOffset).bindMemory(to: Node.self, capacity: childCount)
    if var members = members.take() {
      // Popped from the end, each member moves out of the array: nothing is retained and
      // nothing is left in the array to destroy.
      var next = children + childCount
      while let member = members.popLast() {
        next -= 1
        next.initialize(to: member)
      }
    } else if let node = single.take() {
      children.initialize(to: node)
    }
    place(key: key, storedTag: hasStoredTag ? tag : nil, extras: extras, in: tail, layout: layout)

    let (subtreeSize, childMounts) = subtree(of: children, count: childCount)
    mountsInSubtree = mountsInSubtree || childMounts
    header.pointee = ElementHeader(
      packedTag: packedTag, storedSubtreeSize: UInt32(subtreeSize),
      storedChildCount: UInt32(childCount), storedAttributeCount: UInt16(attributeCount), namespace: namespace,
      flags: ElementHeader.flags(
        hasKey: hasKey, hasStoredTag: hasStoredTag, hasExtras: hasExtras, mountsInSubtree: mountsInSubtree))
    return storage
  }
}

extension ElementStorage {
  /// A block of `words` words of tail, its header empty.
  ///
  /// Natively through `self`: with `self` unused, the optimizer made a copy of `make` without
  /// it, behind a thunk (+0.5% instructions for the render). In the WebAssembly module
  /// `self.create` cost ~680 bytes (the allocator's entry inlined differently).
  @inline(__always)
  static func allocate(words: Int) -> ElementStorage {
    #if hasFeature(Embedded)
    unsafeDowncast(ElementStorage.create(minimumCapacity: words) { _ in .empty }, to: ElementStorage.self)
    #else
    unsafeDowncast(self.create(minimumCapacity: words) { _ in .empty }, to: ElementStorage.self)
    #endif
  }

  /// Moves the key, a tag too long to pack and the extras, those present, into their places
  /// in the tail.
  @inline(__always)
  static func place(
    key: consuming String?, storedTag: consuming String?, extras: consuming Element.Extras?,
    in tail: UnsafeMutableRawPointer, layout: ElementLayout
  ) {
    if let key = consume key { (tail + layout.keyOffset).bindMemory(to: String.self, capacity: 1).initialize(to: key) }
    if let tag = consume storedTag { (tail + layout.tagOffset).bindMemory(to: String.self, capacity: 1).initialize(to: tag) }
    if let extras = consume extras {
      (tail + layout.extrasOffset).bindMemory(to: Element.Extras.self, capacity: 1).initialize(to: extras)
    }
  }

  /// How many nodes the subtree of an element with these children holds, and whether any of
  /// them has mount methods. Counted in place: children read through a pointer are borrowed,
  /// not copied.
  @inline(__always)
  static func subtree(of children: UnsafeMutablePointer<Node>, count: Int) -> (size: UInt64, mounts: Bool) {
    var size: UInt64 = 1
    var mounts = false
    for index in 0..<count {
      switch children[index] {
      case .element(let element):
        size += UInt64(element.subtreeSize)
        mounts = mounts || element.hasMountMethodsInSubtree
      default: size += 1
      }
    }
    // Compared as UInt64: on wasm32 `Int` is 32 bits and cannot hold UInt32.max.
    precondition(size <= UInt64(UInt32.max), "a subtree holds at most 4,294,967,295 nodes")
    return (size, mounts)
  }
}

extension Array where Element == Node {
  /// Whether no member is a fragment (the builder nests them rarely: a fragment returned from
  /// a helper, or `fragment { }` in a list).
  var isFlat: Bool {
    withUnsafeBufferPointer { members in
      for index in members.indices { if case .fragment = members[index] { return false } }
      return true
    }
  }
}
