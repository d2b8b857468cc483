/// A heap block of elements: each an `ElementHeader` and then the parts `ElementLayout` places,
/// one after another, in the order they were made.
///
/// Most elements of a page (markup and text, built one after another on one thread) share the
/// block their thread is filling (`SharedElementBlock`): building a table row is a few pointer
/// bumps, not eight calls to the allocator, and freeing a table frees a block per few dozen
/// rows. The rest have a block of their own, freed with them, as every element once had.
///
/// An element shares a block only when it has no listeners and all its child elements lie in
/// that same block, where they are stored without a reference to it (the reference each came
/// with is given back when it moves in). So a shared block refers to no other block and to no
/// closure: it can be in no cycle, whatever listeners capture, and keeping it alive keeps
/// nothing else alive. It is freed when none of its elements is referred to any more (and its
/// thread has moved on to another): keeping one row of a render keeps the rest of its block,
/// at most `SharedElementBlock.capacityWords` words and the strings its elements hold, and no
/// more. (Had a shared block held elements of older blocks, a dead element in a live block
/// would keep an older block alive, and that one the next: renders kept in an unbounded chain.)
@usableFromInline
final class ElementStorage: ManagedBuffer<ElementStorage.Occupancy, UInt64> {
  /// What of the block is in use.
  @usableFromInline
  struct Occupancy {
    /// The words holding elements, from the start: what `deinit` walks.
    @usableFromInline var usedWords: Int
    /// The words the block was made with (`ManagedBuffer.capacity` asks the allocator).
    @usableFromInline let capacityWords: Int
  }

  deinit {
    withUnsafeMutablePointers { occupancy, words in
      #if hasFeature(Embedded)
      // One element, at the start (see `Element.storage`).
      _ = destroyElement(at: UnsafeMutableRawPointer(words).assumingMemoryBound(to: ElementHeader.self))
      #else
      var offset = 0
      while offset < occupancy.pointee.usedWords {
        let header = UnsafeMutableRawPointer(words + offset).assumingMemoryBound(to: ElementHeader.self)
        offset += destroyElement(at: header)
      }
      #endif
    }
  }

  /// Destroys the parts of the element at `header`; returns its size in words.
  ///
  /// One value at a time: `deinitialize(count:)` with a count unknown at compile time goes
  /// through the runtime's generic array destroyer (~45 instructions per value, against a
  /// release or two inlined). A child in this block holds no reference to it: left as is, its
  /// own parts are destroyed where it lies.
  @inline(__always)
  private func destroyElement(at header: UnsafeMutablePointer<ElementHeader>) -> Int {
    let layout = header.pointee.layout
    let tail = UnsafeMutableRawPointer(header + 1)
    let attributes = (tail + layout.attributesOffset).assumingMemoryBound(to: Attribute.self)
    for index in 0..<layout.attributeCount { _ = (attributes + index).move() }
    let children = (tail + layout.childrenOffset).assumingMemoryBound(to: Node.self)
    for index in 0..<layout.childCount where !isInThisBlock(children + index) { _ = (children + index).move() }
    if layout.hasKey { _ = (tail + layout.keyOffset).assumingMemoryBound(to: String.self).move() }
    if layout.hasStoredTag { _ = (tail + layout.tagOffset).assumingMemoryBound(to: String.self).move() }
    if layout.hasExtras { _ = (tail + layout.extrasOffset).assumingMemoryBound(to: Element.Extras.self).move() }
    return layout.words
  }

  /// Whether `node` is an element in this block (stored without a reference to it).
  @inline(__always)
  private func isInThisBlock(_ node: UnsafeMutablePointer<Node>) -> Bool {
    #if hasFeature(Embedded)
    false  // a block of one element
    #else
    Element.withElement(at: UnsafePointer(node)) { $0.storage === self } == true
    #endif
  }

  /// The element at `offset` (in words): its header and the start of its tail, as a raw
  /// pointer the layout reads from.
  @inlinable
  func withParts<Result>(
    at offset: Int, _ body: (UnsafeMutablePointer<ElementHeader>, UnsafeMutableRawPointer) -> Result
  ) -> Result {
    withUnsafeMutablePointerToElements { words in
      let header = UnsafeMutableRawPointer(words + offset).assumingMemoryBound(to: ElementHeader.self)
      return body(header, UnsafeMutableRawPointer(header + 1))
    }
  }

  /// Takes `words` words at the end of the used part; nil when they do not fit.
  @inline(__always)
  func reserve(words: Int) -> Int? {
    withUnsafeMutablePointerToHeader { occupancy in
      let offset = occupancy.pointee.usedWords
      guard occupancy.pointee.capacityWords - offset >= words else { return nil }
      occupancy.pointee.usedWords = offset + words
      return offset
    }
  }

  /// Gives back the `words` words at `offset` that `reserve` took last (whose element has
  /// not been made).
  @inline(__always)
  func unreserve(words: Int, at offset: Int) {
    withUnsafeMutablePointerToHeader { occupancy in
      precondition(occupancy.pointee.usedWords == offset + words, "navdom: an element block was given back out of order")
      occupancy.pointee.usedWords = offset
    }
  }

  /// A new block of `words` words, the first `used` of them taken by the caller.
  static func allocate(words: Int, used: Int) -> ElementStorage {
    #if hasFeature(Embedded)
    let block = ElementStorage.create(minimumCapacity: words) { _ in Occupancy(usedWords: used, capacityWords: words) }
    #else
    // Through `self`: with `self` unused, the optimizer made a copy of `make` without it,
    // behind a thunk (+0.5% instructions for the render). In the WebAssembly module
    // `self.create` cost ~680 bytes (the allocator's entry inlined differently).
    let block = self.create(minimumCapacity: words) { _ in Occupancy(usedWords: used, capacityWords: words) }
    #endif
    return unsafeDowncast(block, to: ElementStorage.self)
  }
}
