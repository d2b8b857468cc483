/// The fixed part of every element: 24 bytes (three words) where the element starts in its
/// block (`ElementStorage`). What follows it is described by `layout`.
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

  /// The header's size in words, the unit blocks are counted in.
  @usableFromInline static let words = MemoryLayout<ElementHeader>.stride / MemoryLayout<UInt64>.stride

  @inlinable
  var hasKey: Bool { flags & Self.hasKeyFlag != 0 }

  @inline(__always)
  static func flags(hasKey: Bool, hasStoredTag: Bool, hasExtras: Bool, mountsInSubtree: Bool) -> UInt8 {
    (hasKey ? hasKeyFlag : 0) | (hasStoredTag ? hasStoredTagFlag : 0) | (hasExtras ? hasExtrasFlag : 0)
      | (mountsInSubtree ? mountsInSubtreeFlag : 0)
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
/// Keeping them next to the header, rather than in arrays of their own, saves an element two
/// or three allocations, and made a table row about a third smaller in memory: less to
/// allocate, walk and free. The key comes first, next to the header, because
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
  /// The element's whole size in its block, header included, in words.
  @inlinable @inline(__always) var words: Int {
    ElementHeader.words + (byteCount + MemoryLayout<UInt64>.stride - 1) / MemoryLayout<UInt64>.stride
  }

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
