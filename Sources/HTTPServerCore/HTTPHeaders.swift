/// An ordered list of header fields with case-insensitive lookup by name.
///
/// ```swift
/// var headers = HTTPHeaders()
/// headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
/// headers["content-type"] // "text/html; charset=utf-8"
/// ```
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header field: a name as sent and its value with surrounding whitespace removed.
  public struct Field: Hashable, Sendable {
    /// The field name, with the case it was sent or added with.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a field.
    ///
    /// ```swift
    /// let field = HTTPHeaders.Field(name: "Cache-Control", value: "no-cache")
    /// ```
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in the order they were sent or added.
  public private(set) var fields: [Field]

  /// Creates headers from name-value pairs, in order.
  ///
  /// ```swift
  /// let headers = HTTPHeaders([("Host", "example.com"), ("Accept", "*/*")])
  /// ```
  public init(_ pairs: [(String, String)] = []) {
    fields = pairs.map { Field(name: $0.0, value: $0.1) }
  }

  /// Creates headers from a dictionary literal, in the literal's order.
  ///
  /// ```swift
  /// let headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]
  /// ```
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The number of fields.
  public var count: Int { fields.count }

  /// The value of the first field with this name, compared without regard to case; setting
  /// replaces every field with the name (or removes them all when set to `nil`).
  ///
  /// ```swift
  /// headers["ETag"] = "\"abc\""
  /// ```
  public subscript(name: String) -> String? {
    get { fields.first { HTTPHeaders.namesMatch($0.name, name) }?.value }
    set {
      if let newValue {
        replaceOrAdd(name: name, value: newValue)
      } else {
        remove(name: name)
      }
    }
  }

  /// Every value sent for a name, in order.
  ///
  /// ```swift
  /// request.headers.values(for: "Content-Length") // ["12"]
  /// ```
  public func values(for name: String) -> [String] {
    fields.filter { HTTPHeaders.namesMatch($0.name, name) }.map(\.value)
  }

  /// Whether a field with this name is present.
  ///
  /// ```swift
  /// request.headers.contains(name: "If-None-Match")
  /// ```
  public func contains(name: String) -> Bool {
    fields.contains { HTTPHeaders.namesMatch($0.name, name) }
  }

  /// Appends a field, keeping any existing fields with the same name.
  ///
  /// ```swift
  /// headers.add(name: "Set-Cookie", value: "a=1")
  /// ```
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Replaces the first field with this name (removing any others), or appends one.
  ///
  /// ```swift
  /// headers.replaceOrAdd(name: "Connection", value: "close")
  /// ```
  public mutating func replaceOrAdd(name: String, value: String) {
    if let index = fields.firstIndex(where: { HTTPHeaders.namesMatch($0.name, name) }) {
      fields[index].value = value
      var position = fields.index(after: index)
      while position < fields.endIndex {
        if HTTPHeaders.namesMatch(fields[position].name, name) {
          fields.remove(at: position)
        } else {
          position += 1
        }
      }
    } else {
      add(name: name, value: value)
    }
  }

  /// Removes every field with this name.
  ///
  /// ```swift
  /// headers.remove(name: "Content-Length")
  /// ```
  public mutating func remove(name: String) {
    fields.removeAll { HTTPHeaders.namesMatch($0.name, name) }
  }

  /// Iterates the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  /// Whether a comma-separated header (such as `Connection`) lists a token, without regard to case.
  ///
  /// ```swift
  /// request.headers.hasToken("close", in: "Connection")
  /// ```
  public func hasToken(_ token: String, in name: String) -> Bool {
    for field in fields where HTTPHeaders.namesMatch(field.name, name) {
      let value = field.value.utf8
      var start = value.startIndex
      while start < value.endIndex {
        var end = start
        while end < value.endIndex && value[end] != UInt8(ascii: ",") { end = value.index(after: end) }
        var first = start
        var last = end
        while first < last && (value[first] == 0x20 || value[first] == 0x09) { first = value.index(after: first) }
        while last > first {
          let before = value.index(before: last)
          if value[before] == 0x20 || value[before] == 0x09 { last = before } else { break }
        }
        if HTTPHeaders.bytesMatchIgnoringCase(value[first..<last], token.utf8) { return true }
        start = end < value.endIndex ? value.index(after: end) : end
      }
    }
    return false
  }

  static func namesMatch(_ left: String, _ right: String) -> Bool {
    // Two iterators, not `zip` (which the generic path below uses): every request's header
    // lookups come here, and zip's iterator over two UTF8Views was a few percent of a request.
    let (leftBytes, rightBytes) = (left.utf8, right.utf8)
    guard leftBytes.count == rightBytes.count else { return false }
    var (leftIterator, rightIterator) = (leftBytes.makeIterator(), rightBytes.makeIterator())
    while let a = leftIterator.next(), let b = rightIterator.next() {
      if a == b { continue }
      let lowerA = (a >= 0x41 && a <= 0x5A) ? a | 0x20 : a
      let lowerB = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
      if lowerA != lowerB { return false }
    }
    return true
  }

  static func bytesMatchIgnoringCase<Left: Collection, Right: Collection>(_ left: Left, _ right: Right) -> Bool
  where Left.Element == UInt8, Right.Element == UInt8 {
    guard left.count == right.count else { return false }
    for (a, b) in zip(left, right) where a != b {
      let lowerA = (a >= 0x41 && a <= 0x5A) ? a | 0x20 : a
      let lowerB = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
      if lowerA != lowerB { return false }
    }
    return true
  }
}
