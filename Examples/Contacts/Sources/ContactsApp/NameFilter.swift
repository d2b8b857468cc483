/// The list filter's match: ASCII letters in any case, other bytes exactly (Unicode case folding
/// would bring its tables into the WebAssembly module).
enum NameFilter {
  /// Whether `name` contains `filter`.
  static func matches(_ name: String, _ filter: String) -> Bool {
    let text = name.utf8.map(folded)
    let part = filter.utf8.map(folded)
    guard !part.isEmpty else { return true }
    guard text.count >= part.count else { return false }
    for start in 0...(text.count - part.count) where text[start..<(start + part.count)].elementsEqual(part) {
      return true
    }
    return false
  }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}
