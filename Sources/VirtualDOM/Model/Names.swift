/// The rules for names that may reach markup or the DOM.
///
/// A tag starts with an ASCII letter and goes on with ASCII letters, digits, `-`, `_`, `.` or
/// `:` (custom elements included). An attribute name is non-empty and has no space, control
/// character, `"`, `'`, `>`, `/` or `=`: the characters that would end it early in markup.
public enum Names {
  /// Whether `tag` can be an element's tag name.
  public static func isValidTag(_ tag: String) -> Bool {
    var tag = tag
    return tag.withUTF8(isValidTag)
  }

  /// Whether the UTF-8 bytes `bytes` can be an element's tag name (for writers that already
  /// hold the bytes).
  @inlinable
  public static func isValidTag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var isFirst = true
    for byte in bytes {
      let isLetter = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
      if isFirst {
        guard isLetter else { return false }
        isFirst = false
        continue
      }
      let isDigit = byte >= 0x30 && byte <= 0x39
      guard isLetter || isDigit || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A else { return false }
    }
    return !isFirst
  }

  /// `tag`'s UTF-8 bytes packed into an integer, first byte lowest, when `tag` is a valid tag
  /// name of at most eight bytes; 0 otherwise.
  ///
  /// Elements keep it (`Element.packedTag`) so a writer can check, classify and copy a short
  /// tag as one integer. The DSL's catalogue passes the constant for its tags, so building an
  /// element with it costs nothing.
  public static func packedTag(_ tag: String) -> UInt64 {
    var tag = tag
    return tag.withUTF8 { bytes in
      guard bytes.count <= 8, isValidTag(bytes) else { return 0 }
      var packed: UInt64 = 0
      for (index, byte) in bytes.enumerated() { packed |= UInt64(byte) << UInt64(index * 8) }
      return packed
    }
  }

  /// The tag `packedTag(_:)` packed into `packed` (nonzero), spelled out again.
  @inlinable
  public static func tag(unpacking packed: UInt64) -> String {
    let length = (71 - packed.leadingZeroBitCount) / 8
    return withUnsafeBytes(of: packed.littleEndian) { bytes in
      String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
    }
  }

  /// Whether `name` can be an attribute's name.
  public static func isValidAttribute(_ name: String) -> Bool {
    var name = name
    return name.withUTF8(isValidAttribute)
  }

  /// Whether the UTF-8 bytes `bytes` can be an attribute's name.
  @inlinable
  public static func isValidAttribute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var isEmpty = true
    for byte in bytes {
      isEmpty = false
      switch byte {
      case 0x00...0x20, 0x7F, 0x22, 0x27, 0x3E, 0x2F, 0x3D: return false
      default: continue
      }
    }
    return !isEmpty
  }
}
