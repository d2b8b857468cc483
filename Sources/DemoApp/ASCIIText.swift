/// Case-insensitive text search over bytes: ASCII letters match in either case, other bytes
/// exactly (Unicode case folding would bring its tables into the WebAssembly module).
enum ASCIIText {
  /// Whether `text` contains `part`, ASCII letters in any case.
  static func contains(_ text: String, _ part: String) -> Bool {
    let haystack = Array(text.utf8).map(folded)
    let needle = Array(part.utf8).map(folded)
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}
