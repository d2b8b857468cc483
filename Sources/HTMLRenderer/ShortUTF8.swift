// The UTF-8 of a string of at most 32 bytes, held in integers.
//
// Almost every string of a page is that short: attribute names, class names, ids, numbers, the
// words of a label, most labels. Reading one into registers costs a few loads, and then
// checking it (for bytes to escape, or an invalid name) is a few word operations, and writing
// it two or four 8-byte stores, where the byte loops and `memcpy` calls of the general path
// cost over a hundred instructions per string. Reading it does not retain the string either:
// nothing is written while its bytes are borrowed.

import VirtualDOM

/// A string's UTF-8 bytes, when there are at most 32: bytes 0-7 in `low` and 8-15 in `high`,
/// first byte lowest, and zero past `count`; past 16 bytes, the last 16 in `tailLow` and
/// `tailHigh` (overlapping `low` and `high` below 32), else zeros.
struct ShortUTF8 {
  let low: UInt64
  let high: UInt64
  let tailLow: UInt64
  let tailHigh: UInt64
  let count: Int

  /// The bytes of `string`, or nil when it has more than 32 (or is not contiguous), and always
  /// nil in Embedded Swift.
  @inline(__always)
  init?(_ string: String) {
    #if hasFeature(Embedded)
      // No room in the WebAssembly module's budget for the code this path inlines (measured
      // +1 KB gzip); without it the general path writes the same bytes.
      return nil
    #else
      guard let bytes = string.utf8.withContiguousStorageIfAvailable({ ShortUTF8($0) }), let bytes else { return nil }
      self = bytes
    #endif
  }

  /// `bytes`, or nil when there are more than 32.
  ///
  /// Loads overlap rather than go byte by byte (as `memcpy` does for short copies): the first
  /// and the last sixteen bytes, or eight, or four, or the first, middle and last byte.
  @inline(__always)
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    count = bytes.count
    guard count <= 32 else { return nil }
    guard let start = bytes.baseAddress, count > 0 else {
      (low, high, tailLow, tailHigh) = (0, 0, 0, 0)
      return
    }
    let raw = UnsafeRawPointer(start)
    if count > 16 {
      low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      tailLow = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self))
      tailHigh = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      return
    }
    (tailLow, tailHigh) = (0, 0)
    if count >= 8 {
      low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      // The last eight bytes, shifted down past the ones `low` already holds.
      let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      high = count == 8 ? 0 : last &>> UInt64(128 - 8 * count)
    } else if count >= 4 {
      let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      low = first | last &<< UInt64(8 * (count - 4))
      high = 0
    } else {
      let middle = count / 2
      low = UInt64(start[0]) | UInt64(start[middle]) &<< UInt64(8 * middle)
        | UInt64(start[count - 1]) &<< UInt64(8 * (count - 1))
      high = 0
    }
  }

  /// Whether a byte may need escaping (`ByteBuffer.mayNeedEscape`): false means the bytes can
  /// be written as they are, in text or in an attribute value.
  @inline(__always)
  var mayNeedEscape: Bool {
    // The zeros past `count` match none of the bytes looked for; `high` is all zeros up to 8,
    // and the tail up to 16.
    ByteBuffer.mayNeedEscape(low) || (count > 8 && ByteBuffer.mayNeedEscape(high))
      || (count > 16 && (ByteBuffer.mayNeedEscape(tailLow) || ByteBuffer.mayNeedEscape(tailHigh)))
  }

  /// Whether the bytes are a valid attribute name (`Names.isValidAttribute`).
  @inline(__always)
  var isValidAttributeName: Bool {
    // Which bytes are the string's: the zeros past `count` would read as control characters.
    // (Past 16 bytes every byte of the four words is one of the string's.)
    let lowMask: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(8 * count)) &- 1
    let highSuspects: UInt64 =
      count <= 8 ? 0 : Self.suspectNameBytes(high) & (count >= 16 ? ~0 : (1 &<< UInt64(8 * (count - 8))) &- 1)
    let tailSuspects = count <= 16 ? 0 : Self.suspectNameBytes(tailLow) | Self.suspectNameBytes(tailHigh)
    if count > 0 && Self.suspectNameBytes(low) & lowMask | highSuspects | tailSuspects == 0 {
      return true
    }
    // A suspect byte (or none at all): the exact rule decides.
    return isValidAttributeNameByTheExactRule()
  }

  // Out of line: rarely run, and its buffer on the stack would cost every caller a stack check.
  @inline(never)
  private func isValidAttributeNameByTheExactRule() -> Bool {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &words) { bytes in
      let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      store(at: start)
      return Names.isValidAttribute(UnsafeBufferPointer(start: start, count: count))
    }
  }

  /// The high bit of a byte of the result is set for each byte of `word` that may not be in an
  /// attribute name: below `(` (so space, control characters, `"` and `'`), `/`, `<` to `?`
  /// (`=` and `>`), or DEL. It may also be set for a byte above one of those (a borrow carries
  /// up), never for a byte below the first one. Four tests, not the seven of the exact rule, as
  /// almost every name passes.
  @inline(__always)
  private static func suspectNameBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // A byte of each is zero where `word` has the byte looked for; `(x - 1) & ~x` sets a zero
    // byte's high bit.
    let slash = word ^ (ones &* 0x2F)
    let lessToQuestion = (word | ones &* 0x03) ^ (ones &* 0x3F)
    let delete = word ^ (ones &* 0x7F)
    let belowParenthesis = (word &- ones &* 0x28) & ~word
    return (belowParenthesis | (slash &- ones) & ~slash | (lessToQuestion &- ones) & ~lessToQuestion
      | (delete &- ones) & ~delete) & highBits
  }

  /// Stores the bytes at `destination`, which must have room for `ShortUTF8.room` (what lies
  /// past `count` may be overwritten with zeros).
  @inline(__always)
  func store(at destination: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(destination)
    raw.storeBytes(of: low.littleEndian, as: UInt64.self)
    raw.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
    if count > 16 {
      raw.storeBytes(of: tailLow.littleEndian, toByteOffset: count - 16, as: UInt64.self)
      raw.storeBytes(of: tailHigh.littleEndian, toByteOffset: count - 8, as: UInt64.self)
    }
  }

  /// The room `store(at:)` needs.
  static var room: Int { 32 }
}
