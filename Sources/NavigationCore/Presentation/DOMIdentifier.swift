/// Turns presentation keys into DOM ids: letters and digits kept, anything else a single `-`.
///
/// Works on UTF-8 bytes, not Characters: ids are ASCII, and Character operations (`hasPrefix`,
/// `dropFirst`, `removeLast`) would bring grapheme breaking into the WebAssembly module.
enum DOMIdentifier {
  /// The DOM id for a presentation of `kind` keyed `presentationID`: an unnamed binding's id
  /// (`presented` or `presented#…`) reads better with the kind in place of `presented`.
  static func forPresentation(_ presentationID: String, kind: String) -> String {
    let bytes = Array(presentationID.utf8)
    let unnamed = unnamedPrefix
    var isUnnamed = bytes.count >= unnamed.count
      && (bytes.count == unnamed.count || bytes[unnamed.count] == UInt8(ascii: "#"))
    if isUnnamed {
      for index in unnamed.indices where bytes[index] != unnamed[index] { isUnnamed = false }
    }
    guard isUnnamed else { return sanitize(bytes) }
    var replaced = Array(kind.utf8)
    replaced += bytes[unnamed.count...]
    return sanitize(replaced)
  }

  /// `id` without its leading `prefix` and the dash after it (`team-invite` less `team` is
  /// `invite`); `id` itself when it does not start with them or nothing would be left.
  static func dropping(prefix: String, from id: String) -> String {
    let head = Array(prefix.utf8)
    let bytes = Array(id.utf8)
    guard !head.isEmpty, bytes.count > head.count + 1, bytes[head.count] == UInt8(ascii: "-") else { return id }
    for index in head.indices where bytes[index] != head[index] { return id }
    // An Array, not a slice: String(decoding:) of an Array is already in the module.
    return String(decoding: Array(bytes[(head.count + 1)...]), as: UTF8.self)
  }

  /// `presented`, the id of a binding without a name.
  private static let unnamedPrefix: [UInt8] = [0x70, 0x72, 0x65, 0x73, 0x65, 0x6E, 0x74, 0x65, 0x64]

  private static func sanitize(_ text: [UInt8]) -> String {
    var bytes: [UInt8] = []
    var separated = false
    for byte in text {
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
}
