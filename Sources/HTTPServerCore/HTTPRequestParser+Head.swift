// The head's grammar (RFC 9112): the request line, the header fields, and the framing rules
// that decide a body's length. Each step refuses what it cannot accept, with the status and
// a reason.
extension HTTPRequestParser {
  typealias HeadResult<Value> = Result<Value, HTTPParseError>

  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: buffer[range], as: UTF8.self)
  }

  /// The request of a complete head, and its body's length.
  func buildRequest(_ scan: HeadScan, headerEnd: Int) -> HeadResult<(HTTPRequest, Int)> {
    let line: (method: HTTPMethod, target: String, version: HTTPVersion)
    switch parseRequestLine(scan) {
    case .success(let parsed): line = parsed
    case .failure(let error): return .failure(error)
    }
    let headers: HTTPHeaders
    switch parseFields(from: scan.headerStart, to: headerEnd) {
    case .success(let parsed): headers = parsed
    case .failure(let error): return .failure(error)
    }
    return bodyLength(headers: headers, version: line.version).map { length in
      (HTTPRequest(method: line.method, target: line.target, version: line.version, headers: headers), length)
    }
  }

  private static func failure<Value>(_ status: HTTPStatus, _ reason: String) -> HeadResult<Value> {
    .failure(HTTPParseError(status: status, reason: reason))
  }

  /// request-line = method SP request-target SP HTTP-version
  private func parseRequestLine(_ scan: HeadScan) -> HeadResult<(method: HTTPMethod, target: String, version: HTTPVersion)> {
    let lineStart = scan.requestLineStart
    let lineEnd = scan.requestLineEnd
    var firstSpace = lineStart
    while firstSpace < lineEnd && buffer[firstSpace] != 0x20 { firstSpace += 1 }
    guard firstSpace < lineEnd, firstSpace > lineStart else { return Self.failure(.badRequest, "malformed request line") }
    for index in lineStart..<firstSpace where !Self.isTokenCharacter(buffer[index]) {
      return Self.failure(.badRequest, "invalid method")
    }
    let targetStart = firstSpace + 1
    var secondSpace = targetStart
    while secondSpace < lineEnd && buffer[secondSpace] != 0x20 { secondSpace += 1 }
    guard secondSpace < lineEnd, secondSpace > targetStart else { return Self.failure(.badRequest, "malformed request line") }
    for index in targetStart..<secondSpace where buffer[index] < 0x21 || buffer[index] > 0x7E {
      return Self.failure(.badRequest, "invalid character in request target")
    }
    let version: HTTPVersion
    switch parseVersion(from: secondSpace + 1, to: lineEnd) {
    case .success(let parsed): version = parsed
    case .failure(let error): return .failure(error)
    }
    let method = HTTPMethod(rawValue: string(lineStart..<firstSpace))
    let target = string(targetStart..<secondSpace)
    if buffer[targetStart] == UInt8(ascii: "*") {
      guard secondSpace - targetStart == 1, method == .options else {
        return Self.failure(.badRequest, "asterisk-form target is only valid for OPTIONS")
      }
    } else if buffer[targetStart] != UInt8(ascii: "/") {
      let lowered = target.lowercased()
      guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
        return Self.failure(.badRequest, "request target must be origin-form or absolute-form")
      }
    }
    return .success((method, target, version))
  }

  /// HTTP-version = "HTTP/" DIGIT "." DIGIT; only 1.x, a later minor version answered as 1.1
  /// (RFC 9110 section 6.2).
  private func parseVersion(from start: Int, to end: Int) -> HeadResult<HTTPVersion> {
    guard end - start == 8, buffer[start..<(start + 5)].elementsEqual("HTTP/".utf8),
      (0x30...0x39).contains(buffer[start + 5]), buffer[start + 6] == UInt8(ascii: "."),
      (0x30...0x39).contains(buffer[start + 7])
    else { return Self.failure(.badRequest, "malformed HTTP version") }
    guard buffer[start + 5] - 0x30 == 1 else { return Self.failure(.httpVersionNotSupported, "only HTTP/1.x is supported") }
    return .success(HTTPVersion(major: 1, minor: min(Int(buffer[start + 7] - 0x30), 1)))
  }

  /// field-line = field-name ":" OWS field-value OWS, one per line up to the empty line.
  private func parseFields(from start: Int, to headerEnd: Int) -> HeadResult<HTTPHeaders> {
    var headers = HTTPHeaders()
    var lineBegin = start
    while lineBegin < headerEnd {
      var lineFeed = lineBegin
      while buffer[lineFeed] != 0x0A { lineFeed += 1 }
      let contentEnd = contentEnd(lineStart: lineBegin, lineFeed: lineFeed)
      defer { lineBegin = lineFeed + 1 }
      if contentEnd == lineBegin { break }
      if buffer[lineBegin] == 0x20 || buffer[lineBegin] == 0x09 {
        return Self.failure(.badRequest, "obsolete line folding is not accepted")
      }
      var colon = lineBegin
      while colon < contentEnd && buffer[colon] != UInt8(ascii: ":") { colon += 1 }
      guard colon < contentEnd, colon > lineBegin else { return Self.failure(.badRequest, "malformed header field") }
      for index in lineBegin..<colon where !Self.isTokenCharacter(buffer[index]) {
        return Self.failure(.badRequest, "invalid header field name")
      }
      var valueStart = colon + 1
      var valueEnd = contentEnd
      while valueStart < valueEnd && (buffer[valueStart] == 0x20 || buffer[valueStart] == 0x09) { valueStart += 1 }
      while valueEnd > valueStart && (buffer[valueEnd - 1] == 0x20 || buffer[valueEnd - 1] == 0x09) { valueEnd -= 1 }
      for index in valueStart..<valueEnd {
        let byte = buffer[index]
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
          return Self.failure(.badRequest, "invalid character in header field value")
        }
      }
      headers.add(name: string(lineBegin..<colon), value: string(valueStart..<valueEnd))
    }
    return .success(headers)
  }

  /// The body's length from the framing headers: one Host (HTTP/1.1), no transfer codings
  /// (refused with the status that says why), one Content-Length within the limit.
  private func bodyLength(headers: HTTPHeaders, version: HTTPVersion) -> HeadResult<Int> {
    let hosts = headers.values(for: "Host")
    if version.minor == 1 && hosts.count != 1 {
      return Self.failure(.badRequest, hosts.isEmpty ? "missing Host header" : "more than one Host header")
    }
    if hosts.count > 1 { return Self.failure(.badRequest, "more than one Host header") }
    let lengths = headers.values(for: "Content-Length")
    if headers.contains(name: "Transfer-Encoding") {
      if !lengths.isEmpty { return Self.failure(.badRequest, "both Transfer-Encoding and Content-Length") }
      if version.minor == 0 { return Self.failure(.badRequest, "Transfer-Encoding in an HTTP/1.0 request") }
      if headers.hasToken("chunked", in: "Transfer-Encoding") {
        return Self.failure(.lengthRequired, "chunked request bodies are not supported; send Content-Length")
      }
      return Self.failure(.notImplemented, "unsupported transfer coding")
    }
    guard let first = lengths.first else { return .success(0) }
    for value in lengths where value != first { return Self.failure(.badRequest, "conflicting Content-Length values") }
    guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return Self.failure(.badRequest, "invalid Content-Length")
    }
    let significant = first.utf8.drop { $0 == 0x30 }
    var length = 0
    if significant.count <= 15 {
      for digit in significant { length = length * 10 + Int(digit - 0x30) }
    }
    if significant.count > 15 || length > limits.maximumBodyBytes {
      return Self.failure(.contentTooLarge, "body exceeds \(limits.maximumBodyBytes) bytes")
    }
    return .success(length)
  }
}
