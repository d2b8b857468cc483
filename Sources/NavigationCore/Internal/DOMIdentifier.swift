/// Turns presentation keys into DOM ids: letters and digits kept, anything else a single `-`.
///
/// Both functions work on UTF-8 bytes, not Characters: ids are ASCII, and Character operations
/// (`hasSuffix`, `removeLast`, `dropFirst`) would bring grapheme breaking into the WebAssembly
/// module.
enum DOMIdentifier {
  static func sanitize(_ text: String) -> String {
    var bytes: [UInt8] = []
    var separated = false
    for byte in text.utf8 {
      let isAlphanumeric =
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
      if isAlphanumeric {
        // One dash for each run of other characters between letters and digits, none at the ends.
        if separated && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
        separated = false
        bytes.append(byte)
      } else {
        separated = true
      }
    }
    return bytes.isEmpty ? "presented" : String(decoding: bytes, as: UTF8.self)
  }

  /// `presentationID` with a leading `presented` (an unnamed binding's id: `presented` or
  /// `presented#…`) replaced by `kind`; any other id unchanged.
  static func replacingUnnamedPrefix(of presentationID: String, with kind: String) -> String {
    let unnamed = "presented".utf8
    let utf8 = presentationID.utf8
    guard utf8.starts(with: unnamed) else { return presentationID }
    let rest = utf8.dropFirst(unnamed.count)
    guard rest.isEmpty || rest.first == UInt8(ascii: "#") else { return presentationID }
    return kind + String(decoding: rest, as: UTF8.self)
  }
}
