import NavDOMSupport

/// Trimming as the DOM trims: ASCII white space (space, tab, LF, FF, CR) at both ends, on the
/// UTF-8 bytes. Foundation's `trimmingCharacters(in:)` is not available in Embedded Swift, and
/// a hand-written loop over `Character`s brings the standard library's grapheme tables into a
/// WebAssembly module (docs/WASM.md).
extension DOMString {
  /// `text` without leading and trailing ASCII white space.
  ///
  /// ```swift
  /// DOMString.trimmed("  buy milk \n")   // "buy milk"
  /// ```
  public static func trimmed(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var start = 0
      var end = bytes.count
      while start < end && isWhiteSpace(bytes[start]) { start += 1 }
      while end > start && isWhiteSpace(bytes[end - 1]) { end -= 1 }
      if start == 0 && end == bytes.count { return String(decoding: bytes, as: UTF8.self) }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
  }

  /// Whether `text` is empty or only ASCII white space (a todo titled "   " is no todo).
  ///
  /// ```swift
  /// DOMString.isBlank(" \t")   // true
  /// ```
  public static func isBlank(_ text: String) -> Bool {
    for byte in text.scannedBytes where !isWhiteSpace(byte) { return false }
    return true
  }

  static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }
}
