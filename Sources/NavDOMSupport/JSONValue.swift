/// A parsed JSON value that remembers where in the input it started, so errors can point at it.
public indirect enum JSONValue: Equatable {
  case null
  case bool(Bool)
  /// Numbers are kept as written: the tree format has none, and Embedded Swift cannot parse
  /// floating point text.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in input order.
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      for index in a.indices where a[index].key != b[index].key || a[index].value != b[index].value {
        return false
      }
      return true
    default: return false
    }
  }

  /// A short name of the value's kind, for error messages.
  public var kindName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// Invalid JSON, with the line and column where reading stopped.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public var line: Int
  public var column: Int

  public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes, portable to Embedded Swift.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"tag":"p"}"#.utf8))
/// ```
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  /// Deep nesting is refused rather than overflowing the stack.
  public static let maximumDepth = 512

  private init(bytes: [UInt8]) { self.bytes = bytes }

  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
    return value
  }

  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private func error(_ message: String) -> JSONSyntaxError {
    var line = 1
    var column = 1
    var position = 0
    while position < index && position < bytes.count {
      if bytes[position] == 0x0A {
        line += 1
        column = 1
      } else if bytes[position] & 0xC0 != 0x80 {
        column += 1
      }
      position += 1
    }
    return JSONSyntaxError(message: message, line: line, column: column)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[index] {
    case 0x7B: return try parseObject()
    case 0x5B: return try parseArray()
    case 0x22: return .string(try parseString())
    case 0x74: try expectWord("true"); return .bool(true)
    case 0x66: try expectWord("false"); return .bool(false)
    case 0x6E: try expectWord("null"); return .null
    case 0x2D, 0x30...0x39: return .number(try parseNumber())
    default: throw error("unexpected character, expected a value")
    }
  }

  private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
    var matches = true
    word.withUTF8Buffer { buffer in
      if index + buffer.count > bytes.count { matches = false; return }
      for offset in 0..<buffer.count where bytes[index + offset] != buffer[offset] {
        matches = false
        return
      }
      index += buffer.count
    }
    if !matches { throw error("invalid literal") }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == 0x7D {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == 0x22 else { throw error("expected a member name in quotes") }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == 0x3A else { throw error("expected \":\" after a member name") }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an object") }
      if bytes[index] == 0x2C { index += 1; continue }
      if bytes[index] == 0x7D { index += 1; break }
      throw error("expected \",\" or \"}\" in an object")
    }
    depth -= 1
    return .object(members)
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == 0x5D {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an array") }
      if bytes[index] == 0x2C { index += 1; continue }
      if bytes[index] == 0x5D { index += 1; break }
      throw error("expected \",\" or \"]\" in an array")
    }
    depth -= 1
    return .array(elements)
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    if bytes[index] == 0x2D { index += 1 }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    if bytes[index] == 0x30 {
      index += 1
    } else {
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count && bytes[index] == 0x2E {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count && (bytes[index] == 0x65 || bytes[index] == 0x45) {
      index += 1
      if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1  // opening quote
    var output: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case 0x22:
        index += 1
        // Validates the UTF-8: invalid input is an error, not replacement characters.
        guard let string = String(validating: output, as: UTF8.self) else {
          throw error("string is not valid UTF-8")
        }
        return string
      case 0x5C:
        index += 1
        guard index < bytes.count else { throw error("unterminated escape") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case 0x22: output.append(0x22)
        case 0x5C: output.append(0x5C)
        case 0x2F: output.append(0x2F)
        case 0x62: output.append(0x08)
        case 0x66: output.append(0x0C)
        case 0x6E: output.append(0x0A)
        case 0x72: output.append(0x0D)
        case 0x74: output.append(0x09)
        case 0x75:
          var scalar = try parseHex4()
          if scalar >= 0xD800 && scalar < 0xDC00 {
            guard index + 6 <= bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
              throw error("unpaired surrogate in \\u escape")
            }
            index += 2
            let low = try parseHex4()
            guard low >= 0xDC00 && low < 0xE000 else { throw error("unpaired surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if scalar >= 0xDC00 && scalar < 0xE000 {
            throw error("unpaired surrogate in \\u escape")
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
          output.append(contentsOf: UTF8.encode(unicode)!)
        default:
          throw error("invalid escape character")
        }
      case 0x00..<0x20:
        throw error("control character inside a string (escape it)")
      default:
        output.append(byte)
        index += 1
      }
    }
  }
}
