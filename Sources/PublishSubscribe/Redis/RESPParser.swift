/// Reads RESP values out of bytes as they arrive from a socket: ``append(_:)`` what was read,
/// then take each complete value with ``next()``, which answers `nil` until one is whole. A
/// server that is not Redis (an HTTP or SSH banner), a frame cut short by a closed connection,
/// or a length past the limits throws ``RESPError`` rather than waiting or allocating for it.
///
/// ```swift
/// var parser = RESPParser()
/// parser.append(Array("+PONG\r\n".utf8))
/// try parser.next()   // .simple("PONG")
/// ```
struct RESPParser {
  /// The longest bulk string accepted (Redis's own limit is 512 MiB; a pub/sub payload or a
  /// shared value is far smaller).
  var largestBulk = 64 * 1024 * 1024
  /// The most elements in one array, map, set or push.
  var largestArray = 1_000_000
  /// The longest line (simple string, error, number) before its CR LF.
  var longestLine = 64 * 1024
  /// How deeply arrays may nest.
  var deepestNesting = 32

  private var buffer: [UInt8] = []
  private var start = 0

  /// Bytes read and not yet taken as values.
  var pendingCount: Int { buffer.count - start }

  mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next whole value, or `nil` when more bytes are needed.
  mutating func next() throws(RESPError) -> RESPValue? {
    guard let (value, end) = try parse(at: start, depth: 0) else { return nil }
    start = end
    return value
  }

  /// The value starting at `index` and where it ends, or `nil` when it is not whole yet.
  private func parse(at index: Int, depth: Int) throws(RESPError) -> (RESPValue, Int)? {
    guard index < buffer.count else { return nil }
    guard depth <= deepestNesting else { throw RESPError("arrays nested more than \(deepestNesting) deep") }
    guard let (line, afterLine) = try line(at: index + 1) else { return nil }
    switch buffer[index] {
    case UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "("): return (.simple(line), afterLine)
    case UInt8(ascii: "-"): return (.error(line), afterLine)
    case UInt8(ascii: ":"): return (.integer(try integer(line)), afterLine)
    case UInt8(ascii: "_"): return (.null, afterLine)
    case UInt8(ascii: "#"):
      guard line == "t" || line == "f" else { throw RESPError("a boolean that is \"\(line)\", not t or f") }
      return (.boolean(line == "t"), afterLine)
    case UInt8(ascii: "$"), UInt8(ascii: "!"), UInt8(ascii: "="):
      return try blob(kind: buffer[index], length: integer(line), at: afterLine)
    case UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: ">"), UInt8(ascii: "%"), UInt8(ascii: "|"):
      return try aggregate(kind: buffer[index], count: integer(line), at: afterLine, depth: depth)
    default:
      throw RESPError("a reply that is not RESP (it starts \(Self.shown(buffer[index...].prefix(24))))")
    }
  }

  /// A bulk string (`$`), blob error (`!`) or verbatim string (`=`) of `length` bytes.
  private func blob(kind: UInt8, length: Int64, at index: Int) throws(RESPError) -> (RESPValue, Int)? {
    if length == -1 && kind == UInt8(ascii: "$") { return (.bulk(nil), index) }
    guard length >= 0 else { throw RESPError("a string of length \(length)") }
    guard length <= largestBulk else { throw RESPError("a string of \(length) bytes, over the \(largestBulk) accepted") }
    let end = index + Int(length)
    guard end + 2 <= buffer.count else { return nil }
    guard buffer[end] == 13 && buffer[end + 1] == 10 else { throw RESPError("a string not ended by CR LF") }
    var bytes = Array(buffer[index..<end])
    switch kind {
    case UInt8(ascii: "!"): return (.error(String(decoding: bytes, as: UTF8.self)), end + 2)
    case UInt8(ascii: "="):
      guard bytes.count >= 4 && bytes[3] == UInt8(ascii: ":") else { throw RESPError("a verbatim string without its format") }
      bytes.removeFirst(4)
      return (.bulk(bytes), end + 2)
    default: return (.bulk(bytes), end + 2)
    }
  }

  /// An array (`*`), set (`~`), push (`>`), map (`%`, keys and values alternating) or
  /// attribute (`|`, read and passed over: the value after it is the reply).
  private func aggregate(kind: UInt8, count: Int64, at index: Int, depth: Int) throws(RESPError) -> (RESPValue, Int)? {
    if count == -1 && kind == UInt8(ascii: "*") { return (.array(nil), index) }
    let isPaired = kind == UInt8(ascii: "%") || kind == UInt8(ascii: "|")
    guard count >= 0 else { throw RESPError("an array of \(count) elements") }
    guard count <= Int64(largestArray) / (isPaired ? 2 : 1) else {
      throw RESPError("an array of \(count) elements, over the \(largestArray) accepted")
    }
    var elements: [RESPValue] = []
    var position = index
    for _ in 0..<(Int(count) * (isPaired ? 2 : 1)) {
      guard let (element, end) = try parse(at: position, depth: depth + 1) else { return nil }
      elements.append(element)
      position = end
    }
    switch kind {
    case UInt8(ascii: ">"): return (.push(elements), position)
    case UInt8(ascii: "|"): return try parse(at: position, depth: depth)
    default: return (.array(elements), position)
    }
  }

  /// The text from `index` to the next CR LF, and the index after it.
  private func line(at index: Int) throws(RESPError) -> (String, Int)? {
    var end = index
    while end < buffer.count && buffer[end] != 13 {
      end += 1
      guard end - index <= longestLine else { throw RESPError("a line longer than \(longestLine) bytes") }
    }
    guard end + 1 < buffer.count else { return nil }
    guard buffer[end + 1] == 10 else { throw RESPError("a CR not followed by LF") }
    return (String(decoding: buffer[index..<end], as: UTF8.self), end + 2)
  }

  private func integer(_ text: String) throws(RESPError) -> Int64 {
    guard let number = Int64(text) else { throw RESPError("\"\(text.prefix(40))\" where a number belongs") }
    return number
  }

  /// Bytes as a reader can see them in an error: printable ASCII, others escaped.
  static func shown(_ bytes: some Collection<UInt8>) -> String {
    "\"" + bytes.map { (32...126).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined() + "\""
  }
}

/// Bytes that are not RESP, or past its limits: the connection cannot go on.
struct RESPError: Error, CustomStringConvertible, Equatable {
  let description: String
  init(_ description: String) { self.description = "not Redis's protocol: " + description }
}
