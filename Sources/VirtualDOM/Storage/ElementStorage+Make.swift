extension ElementStorage {
  /// Makes an element with room for `attributeCount` attributes, which the caller must then
  /// initialize, all of them, before the element is used or released (nothing in between can
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
  ) -> Element {
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
    let listens = extras?.listeners.isEmpty == false
    let mounts = extras?.mountMethods.isEmpty == false
    let hasStoredTag = packedTag == 0
    let layout = ElementLayout(
      attributeCount: attributeCount, childCount: childCount, hasKey: hasKey, hasStoredTag: hasStoredTag,
      hasExtras: extras != nil)

    // Its place: the thread's shared block unless it listens or is large; decided again once
    // the children are in, since one of them may lie in another block.
    let (storage, offset, isShared) = reserve(words: layout.words, sharing: !listens)
    // Filled in place here, not in a closure (whose captures can be copied, never moved);
    // `storage` holds the block meanwhile.
    let tail = storage.withParts(at: offset) { _, tail in tail }
    let children = bindParts(in: tail, layout: layout)
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

    let summary = ChildrenSummary(of: children, count: childCount, in: storage)
    let header = ElementHeader(
      packedTag: packedTag, namespace: namespace, layout: layout, children: summary, mounts: mounts)
    if isShared && summary.inOtherBlocks {
      let target = alone(words: layout.words)
      relocate(words: layout.words, from: (storage, offset), to: target, layout: layout)
      return finish(Element(storage: target.storage, offset: target.offset), header: header)
    }
    // A child in the same block holds no reference to it (one would keep it alive forever).
    if isShared { for _ in 0..<summary.inSameBlock { Unmanaged.passUnretained(storage).release() } }
    return finish(Element(storage: storage, offset: offset), header: header)
  }

  /// Writes the element's header, last: until then the block does not describe it.
  @inline(__always)
  private static func finish(_ element: consuming Element, header: ElementHeader) -> Element {
    element.withParts { place, _ in place.initialize(to: header) }
    return element
  }
}

extension ElementStorage {
  /// Room for an element of `words` words: in the thread's shared block when `sharing` and
  /// the element is small enough, else in a block of its own.
  @inline(__always)
  static func reserve(words: Int, sharing: Bool) -> (storage: ElementStorage, offset: Int, isShared: Bool) {
    #if !hasFeature(Embedded)  // in WebAssembly every element has a block of its own (see `Element.storage`)
    if sharing, let (storage, offset) = SharedElementBlock.reserve(words: words) { return (storage, offset, true) }
    #endif
    let (storage, offset) = alone(words: words)
    return (storage, offset, false)
  }

  /// A block for one element of `words` words.
  static func alone(words: Int) -> (storage: ElementStorage, offset: Int) {
    (allocate(words: words, used: words), 0)
  }

  /// Binds the element's header, attributes and children where the layout places them after
  /// `tail`; returns where the children go.
  @inline(__always)
  static func bindParts(in tail: UnsafeMutableRawPointer, layout: ElementLayout) -> UnsafeMutablePointer<Node> {
    (tail - MemoryLayout<ElementHeader>.stride).bindMemory(to: ElementHeader.self, capacity: 1)
    (tail + layout.attributesOffset).bindMemory(to: Attribute.self, capacity: layout.attributeCount)
    return (tail + layout.childrenOffset).bindMemory(to: Node.self, capacity: layout.childCount)
  }

  /// Moves an element being made, its children and parts in but not its header, from the end
  /// of one block to another: every part is moved bit for bit (a Swift value may be), and the
  /// first block's words are given back.
  static func relocate(
    words: Int, from source: (storage: ElementStorage, offset: Int), to target: (storage: ElementStorage, offset: Int),
    layout: ElementLayout
  ) {
    source.storage.withParts(at: source.offset) { from, _ in
      target.storage.withParts(at: target.offset) { to, tail in
        UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: words * MemoryLayout<UInt64>.stride)
        // The parts `place` binds as it fills them, bound here as they arrive (binding every
        // part in `bindParts` instead grew VirtualDOM's code in the WebAssembly module by 167
        // bytes, `make` by 44 of them, and took the demo's module over its budget).
        _ = bindParts(in: tail, layout: layout)
        if layout.hasKey { (tail + layout.keyOffset).bindMemory(to: String.self, capacity: 1) }
        if layout.hasStoredTag { (tail + layout.tagOffset).bindMemory(to: String.self, capacity: 1) }
        if layout.hasExtras { (tail + layout.extrasOffset).bindMemory(to: Element.Extras.self, capacity: 1) }
      }
    }
    source.storage.unreserve(words: words, at: source.offset)
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
}

extension ElementHeader {
  /// The header of an element with this layout and these children; `mounts` when the element
  /// itself has mount methods.
  @inline(__always)
  init(packedTag: UInt64, namespace: Namespace, layout: ElementLayout, children: ChildrenSummary, mounts: Bool) {
    self.init(
      packedTag: packedTag, storedSubtreeSize: UInt32(children.size), storedChildCount: UInt32(layout.childCount),
      storedAttributeCount: UInt16(layout.attributeCount), namespace: namespace,
      flags: ElementHeader.flags(
        hasKey: layout.hasKey, hasStoredTag: layout.hasStoredTag, hasExtras: layout.hasExtras,
        mountsInSubtree: mounts || children.mounts))
  }
}

/// What an element being made learns from its children, read in place (children read through
/// a pointer are borrowed, not copied).
struct ChildrenSummary {
  /// How many nodes the element's subtree holds, itself included.
  var size: UInt64 = 1
  /// Whether any child element has mount methods in its subtree.
  var mounts = false
  /// How many child elements lie in the element's own block.
  var inSameBlock = 0
  /// Whether any child element lies in another block.
  var inOtherBlocks = false

  @inline(__always)
  init(of children: UnsafeMutablePointer<Node>, count: Int, in storage: ElementStorage) {
    for index in 0..<count {
      let counted: Void? = Element.withElement(at: UnsafePointer(children + index)) { element in
        size += UInt64(element.subtreeSize)
        mounts = mounts || element.hasMountMethodsInSubtree
        if element.storage === storage { inSameBlock += 1 } else { inOtherBlocks = true }
      }
      if counted == nil { size += 1 }
    }
    // Compared as UInt64: on wasm32 `Int` is 32 bits and cannot hold UInt32.max.
    precondition(size <= UInt64(UInt32.max), "a subtree holds at most 4,294,967,295 nodes")
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
