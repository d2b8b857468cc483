import NavDOMSupport

/// URL pieces read as UTF-8 bytes: URLs are ASCII in their structure, and splitting Strings by
/// Character would bring grapheme breaking (and its tables) into the WebAssembly module.
enum URLText {
  /// The path and the query of a URL (path and query, no scheme or host); a fragment is
  /// dropped. `nil` query when there is no `?`.
  static func split(_ url: String) -> (path: String, query: String?) {
    let bytes = Array(url.utf8)
    var end = bytes.count
    if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { end = hash }
    guard let mark = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) else {
      return (String(decoding: bytes[..<end], as: UTF8.self), nil)
    }
    return (String(decoding: bytes[..<mark], as: UTF8.self), String(decoding: bytes[(mark + 1)..<end], as: UTF8.self))
  }

  /// The non-empty pieces of `text` between `separator` bytes.
  static func pieces(of text: String, separatedBy separator: UInt8) -> [String] {
    var pieces: [String] = []
    var current: [UInt8] = []
    for byte in text.scannedBytes {
      if byte == separator {
        if !current.isEmpty { pieces.append(String(decoding: current, as: UTF8.self)) }
        current.removeAll()
      } else {
        current.append(byte)
      }
    }
    if !current.isEmpty { pieces.append(String(decoding: current, as: UTF8.self)) }
    return pieces
  }

  /// `text` up to the first `stop` byte (all of it when there is none).
  static func prefix(of text: String, before stop: UInt8) -> String {
    var bytes: [UInt8] = []
    for byte in text.scannedBytes {
      if byte == stop { break }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A query's name and value pairs, percent-decoded, `+` read as a space.
  static func queryPairs(_ query: String) -> [(name: String, value: String)] {
    var pairs: [(name: String, value: String)] = []
    for pair in pieces(of: query, separatedBy: UInt8(ascii: "&")) {
      var name: [UInt8] = []
      var value: [UInt8] = []
      var inValue = false
      for byte in pair.scannedBytes {
        let plain = byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
        if !inValue && byte == UInt8(ascii: "=") {
          inValue = true
        } else if inValue {
          value.append(plain)
        } else {
          name.append(plain)
        }
      }
      func decoded(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return PercentEncoding.decode(text) ?? text
      }
      pairs.append((decoded(name), decoded(value)))
    }
    return pairs
  }
}
