/// A request path decoded into segments that are safe to join under a directory: the one
/// place that percent-decodes, and the one that refuses traversal tricks.
///
/// It decodes each `/`-separated segment exactly once and rejects, with 400, any segment that
/// is `.` or `..`, any percent-encoded `/`, any backslash, NUL or other control byte, any
/// malformed or double (`%252e`) encoding and any bytes that are not UTF-8. Empty segments
/// (`//`) are dropped.
///
/// ```swift
/// let path = try RequestPath(decoding: "/docs/getting%20started.html")
/// path.segments          // ["docs", "getting started.html"]
/// try RequestPath(decoding: "/%2e%2e/etc/passwd") // throws 400
/// ```
public struct RequestPath: Hashable, Sendable {
  /// The decoded segments, none empty, none `.` or `..`, none containing `/`, `\` or NUL.
  public let segments: [String]
  /// Whether the path ended with `/` (a directory was asked for).
  public let hasTrailingSlash: Bool

  /// Decodes a raw, still percent-encoded path such as `HTTPRequest.path`.
  ///
  /// ```swift
  /// let path = try RequestPath(decoding: request.path)
  /// let relative = path.segments.joined(separator: "/")
  /// ```
  ///
  /// - Parameter raw: The path, starting with `/`.
  /// - Throws: `HTTPParseError` with status 400 naming the rule the path broke.
  public init(decoding raw: String) throws(HTTPParseError) {
    let bytes = Array(raw.utf8)
    guard bytes.first == UInt8(ascii: "/") else {
      throw HTTPParseError(status: .badRequest, reason: "path must start with /")
    }
    var segments: [String] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "/") {
        if !current.isEmpty { segments.append(try Self.segment(current)) }
        current.removeAll(keepingCapacity: true)
        index += 1
        continue
      }
      current.append(try Self.decodedByte(in: bytes, at: &index))
    }
    if !current.isEmpty { segments.append(try Self.segment(current)) }
    self.segments = segments
    self.hasTrailingSlash = bytes.last == UInt8(ascii: "/")
  }

  /// The byte at `index` (a `%XX` escape decoded), advancing `index` past it; refused when it
  /// is an encoded slash, a backslash, NUL or another control character.
  private static func decodedByte(in bytes: [UInt8], at index: inout Int) throws(HTTPParseError) -> UInt8 {
    var byte = bytes[index]
    if byte == UInt8(ascii: "%") {
      guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
        throw HTTPParseError(status: .badRequest, reason: "malformed percent-encoding in path")
      }
      byte = high << 4 | low
      index += 3
      if byte == UInt8(ascii: "/") { throw HTTPParseError(status: .badRequest, reason: "encoded slash in path") }
    } else {
      index += 1
    }
    if byte == UInt8(ascii: "\\") { throw HTTPParseError(status: .badRequest, reason: "backslash in path") }
    if byte == 0 { throw HTTPParseError(status: .badRequest, reason: "NUL in path") }
    if byte < 0x20 || byte == 0x7F { throw HTTPParseError(status: .badRequest, reason: "control character in path") }
    return byte
  }

  /// A decoded segment as a string: no dot segments, nothing left to decode a second time
  /// anywhere downstream, valid UTF-8.
  private static func segment(_ bytes: [UInt8]) throws(HTTPParseError) -> String {
    if bytes == [0x2E] || bytes == [0x2E, 0x2E] {
      throw HTTPParseError(status: .badRequest, reason: "dot segments are not allowed in paths")
    }
    var position = 0
    while position + 2 < bytes.count {
      if bytes[position] == UInt8(ascii: "%"), hexValue(bytes[position + 1]) != nil, hexValue(bytes[position + 2]) != nil {
        throw HTTPParseError(status: .badRequest, reason: "double percent-encoding is not allowed in paths")
      }
      position += 1
    }
    guard let segment = String(validating: bytes, as: UTF8.self) else {
      throw HTTPParseError(status: .badRequest, reason: "path is not valid UTF-8")
    }
    return segment
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
