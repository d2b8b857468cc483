/// A todo's title as typed, without the whitespace around it: spaces, tabs and line breaks
/// (ASCII, byte by byte: `trimmingCharacters(in:)` is Foundation's, and a Unicode-aware loop
/// brings the Unicode tables into the WebAssembly module).
///
/// ```swift
/// TitleText.trimmed("   buy some cheese  ")   // "buy some cheese"
/// TitleText.trimmed("   ")                    // ""
/// ```
public enum TitleText {
  public static func trimmed(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    if start == 0 && end == bytes.count { return text }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }
}
