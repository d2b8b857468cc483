/// One element in an arena: 48 bytes, with ranges into the arena's other buffers.
package struct ElementRecord {
  /// The tag as `Names.packedTag` packs it, or 0 when it is stored in `strings`.
  package var packedTag: UInt64
  package var subtreeSize: UInt32
  package var firstChild: UInt32
  package var childCount: UInt32
  package var firstAttribute: UInt32
  package var attributeCount: UInt32
  /// Indices into `strings` (the key, an unpacked tag) and `extras`, or -1.
  package var key: Int32
  package var storedTag: Int32
  package var extras: Int32
  package var namespace: Namespace
  /// Set when this element or one below it has mount methods: a subtree without it is
  /// inserted with no `invoke` patches, and the diff need not walk it to find out.
  package var mountsInSubtree: Bool
}

/// A child as its parent's list holds it: an element record, or a text or comment in `strings`.
package struct StoredChild: Equatable {
  private let bits: UInt32

  static func element(_ index: Int) -> StoredChild { StoredChild(bits: UInt32(index) << 2) }
  static func text(_ index: Int) -> StoredChild { StoredChild(bits: UInt32(index) << 2 | 1) }
  static func comment(_ index: Int) -> StoredChild { StoredChild(bits: UInt32(index) << 2 | 2) }

  package var isElement: Bool { bits & 3 == 0 }
  package var isText: Bool { bits & 3 == 1 }
  package var isComment: Bool { bits & 3 == 2 }
  /// The record's index for an element, the string's for text and comments.
  package var index: Int { Int(bits >> 2) }
}
