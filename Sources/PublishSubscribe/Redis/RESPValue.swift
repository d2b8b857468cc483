/// One value of Redis's wire protocol, RESP2 or RESP3, as ``RESPParser`` reads it. RESP3's
/// extra kinds fold into the RESP2 ones a client needs: a map or set arrives as an array (a
/// map's keys and values alternating), a verbatim string as a bulk string without its format,
/// a double or big number as the simple string it was sent as.
enum RESPValue: Equatable, Sendable {
  case simple(String)
  case error(String)
  case integer(Int64)
  /// A bulk string; `nil` is RESP2's null bulk string.
  case bulk([UInt8]?)
  /// An array; `nil` is RESP2's null array.
  case array([RESPValue]?)
  /// RESP3's null (`_`).
  case null
  case boolean(Bool)
  /// RESP3's out-of-band push (`>`): a pub/sub message on a RESP3 connection.
  case push([RESPValue])

  /// The text of a simple or bulk string, else `nil`.
  var text: String? {
    switch self {
    case .simple(let text): return text
    case .bulk(let bytes?): return String(decoding: bytes, as: UTF8.self)
    default: return nil
    }
  }

  /// The bytes of a bulk or simple string, else `nil`.
  var bytes: [UInt8]? {
    switch self {
    case .bulk(let bytes?): return bytes
    case .simple(let text): return Array(text.utf8)
    default: return nil
    }
  }

  /// The elements of an array or push, else `nil`.
  var elements: [RESPValue]? {
    switch self {
    case .array(let elements?): return elements
    case .push(let elements): return elements
    default: return nil
    }
  }

  /// Whether this is a null of either protocol.
  var isNull: Bool {
    switch self {
    case .null, .bulk(nil), .array(nil): return true
    default: return false
    }
  }

  /// A command as RESP sends it: an array of bulk strings.
  ///
  /// ```swift
  /// RESPValue.command(["PING"])   // *1\r\n$4\r\nPING\r\n
  /// ```
  static func command(_ words: [[UInt8]]) -> [UInt8] {
    var out = Array("*\(words.count)\r\n".utf8)
    for word in words {
      out += Array("$\(word.count)\r\n".utf8)
      out += word
      out += [13, 10]
    }
    return out
  }

  /// A command of text words.
  static func command(_ words: [String]) -> [UInt8] {
    command(words.map { Array($0.utf8) })
  }
}
