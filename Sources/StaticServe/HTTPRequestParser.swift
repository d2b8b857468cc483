/// Why the parser rejected a request: the status to answer with and a short explanation.
///
/// ```swift
/// if case .failure(let error) = parser.nextRequest() {
///   print(error.status.code, error.reason) // 431 header section exceeds 16384 bytes
/// }
/// ```
public struct HTTPParseError: Error, Hashable, Sendable {
  /// The status the server answers with before closing the connection.
  public var status: HTTPStatus
  /// A short, human-readable explanation (safe to show to the client).
  public var reason: String

  /// Creates an error.
  ///
  /// ```swift
  /// let error = HTTPParseError(status: .badRequest, reason: "missing Host header")
  /// ```
  public init(status: HTTPStatus, reason: String) {
    self.status = status
    self.reason = reason
  }
}

/// What the parser has for the caller after the bytes appended so far.
public enum HTTPParseResult: Hashable, Sendable {
  /// A complete request; call `nextRequest()` again for a pipelined one.
  case request(HTTPRequest)
  /// The request is incomplete; append more bytes.
  case needMoreData
  /// The header section asked for `Expect: 100-continue` and its body has not arrived yet;
  /// the server sends `100 Continue`. Returned once per request.
  case continueExpected
  /// The bytes are not an acceptable request; the parser stays failed.
  case failure(HTTPParseError)
}

/// An incremental HTTP/1.x request parser over bytes: append what the socket delivered, then
/// take complete requests out, in order. Pure: no I/O, no clock, so it can be fuzzed.
///
/// ```swift
/// var parser = HTTPRequestParser(limits: RequestLimits())
/// parser.append(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHo".utf8))
/// parser.nextRequest() // .request(GET /)
/// parser.nextRequest() // .needMoreData (the second request is partial)
/// ```
public struct HTTPRequestParser: Sendable {
  /// The limits this parser enforces.
  public let limits: RequestLimits

  private var buffer: [UInt8] = []
  /// Bytes of `buffer` before this index belong to requests already returned.
  private var consumed = 0
  private var state: State = .head(scanned: nil)

  private enum State: Hashable, Sendable {
    /// Looking for the end of a header section. `scanned` remembers how far the search got:
    /// the start of the first header line and the start of the next line not yet examined.
    case head(scanned: HeadScan?)
    /// Headers parsed; waiting for `remaining` more body bytes.
    case body(HTTPRequest, length: Int, continueAnnounced: Bool)
    case failed(HTTPParseError)
  }

  private struct HeadScan: Hashable, Sendable {
    var requestLineStart: Int
    var requestLineEnd: Int
    var headerStart: Int
    var nextLine: Int
    var headerCount: Int
  }

  /// Creates a parser with the given limits.
  ///
  /// ```swift
  /// var parser = HTTPRequestParser(limits: RequestLimits(maximumBodyBytes: 4096))
  /// ```
  public init(limits: RequestLimits = RequestLimits()) {
    self.limits = limits
  }

  /// Whether bytes of an unfinished request are buffered (the client is mid-request).
  ///
  /// ```swift
  /// parser.append(Array("GET / HT".utf8))
  /// parser.hasPartialRequest // true
  /// ```
  public var hasPartialRequest: Bool {
    if case .body = state { return true }
    return consumed < buffer.count
  }

  /// The number of buffered bytes not yet returned as part of a request.
  public var bufferedByteCount: Int { buffer.count - consumed }

  /// Appends bytes received from the client.
  ///
  /// ```swift
  /// parser.append(Array("GET / HTTP/1.1\r\n".utf8))
  /// ```
  public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    compact()
    buffer.append(contentsOf: bytes)
  }

  /// Appends bytes received from the client from raw memory.
  ///
  /// ```swift
  /// buffer.withUnsafeBytes { parser.append(bytes: $0) }
  /// ```
  public mutating func append(bytes: UnsafeRawBufferPointer) {
    compact()
    buffer.append(contentsOf: bytes)
  }

  /// Returns the next complete request, or says more bytes are needed, or why the input failed.
  ///
  /// ```swift
  /// while case .request(let request) = parser.nextRequest() { handle(request) }
  /// ```
  public mutating func nextRequest() -> HTTPParseResult {
    switch state {
    case .failed(let error):
      return .failure(error)
    case .body(let request, let length, let announced):
      return finishBody(request, length: length, continueAnnounced: announced)
    case .head(let scanned):
      return parseHead(scanned)
    }
  }

  // MARK: - Buffer

  private mutating func compact() {
    if consumed == 0 { return }
    if consumed == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
      rebase(by: consumed)
      consumed = 0
    } else if consumed >= 4096 {
      buffer.removeFirst(consumed)
      rebase(by: consumed)
      consumed = 0
    }
  }

  private mutating func rebase(by offset: Int) {
    if case .head(let scan?) = state {
      var shifted = scan
      shifted.requestLineStart -= offset
      shifted.requestLineEnd -= offset
      shifted.headerStart -= offset
      shifted.nextLine -= offset
      state = .head(scanned: shifted)
    }
  }

  private mutating func fail(_ status: HTTPStatus, _ reason: String) -> HTTPParseResult {
    let error = HTTPParseError(status: status, reason: reason)
    state = .failed(error)
    return .failure(error)
  }

  private func indexOfLineFeed(from start: Int) -> Int? {
    buffer.withUnsafeBufferPointer { bytes -> Int? in
      var index = start
      while index < bytes.count {
        if bytes[index] == 0x0A { return index }
        index += 1
      }
      return nil
    }
  }

  /// The end of the unterminated line at the end of the buffer, not counting a final CR (which
  /// may be the start of its line ending), so limits give the same answer however bytes arrive.
  private func partialLineEnd() -> Int {
    buffer.last == 0x0D ? buffer.count - 1 : buffer.count
  }

  /// The end of the line content that ends at the line feed `lineFeed` (excluding a CR before it).
  private func contentEnd(lineStart: Int, lineFeed: Int) -> Int {
    if lineFeed > lineStart && buffer[lineFeed - 1] == 0x0D { return lineFeed - 1 }
    return lineFeed
  }

  // MARK: - Head

  private mutating func parseHead(_ previous: HeadScan?) -> HTTPParseResult {
    var scan: HeadScan
    if let previous {
      scan = previous
    } else {
      // Ignore empty lines before a request line (RFC 9112 section 2.2).
      while consumed < buffer.count {
        if buffer[consumed] == 0x0A {
          consumed += 1
        } else if buffer[consumed] == 0x0D && consumed + 1 < buffer.count && buffer[consumed + 1] == 0x0A {
          consumed += 2
        } else {
          break
        }
      }
      guard let lineFeed = indexOfLineFeed(from: consumed) else {
        if partialLineEnd() - consumed > limits.maximumRequestLineBytes {
          return fail(.uriTooLong, "request line exceeds \(limits.maximumRequestLineBytes) bytes")
        }
        return .needMoreData
      }
      let lineEnd = contentEnd(lineStart: consumed, lineFeed: lineFeed)
      if lineEnd - consumed > limits.maximumRequestLineBytes {
        return fail(.uriTooLong, "request line exceeds \(limits.maximumRequestLineBytes) bytes")
      }
      scan = HeadScan(
        requestLineStart: consumed, requestLineEnd: lineEnd, headerStart: lineFeed + 1,
        nextLine: lineFeed + 1, headerCount: 0)
      state = .head(scanned: scan)
    }

    // Find the empty line that ends the header section.
    var headEnd: Int? = nil
    while let lineFeed = indexOfLineFeed(from: scan.nextLine) {
      let lineEnd = contentEnd(lineStart: scan.nextLine, lineFeed: lineFeed)
      if lineEnd == scan.nextLine {
        headEnd = lineFeed + 1
        break
      }
      if lineEnd - scan.headerStart > limits.maximumHeaderBytes {
        return fail(.requestHeaderFieldsTooLarge, "header section exceeds \(limits.maximumHeaderBytes) bytes")
      }
      scan.headerCount += 1
      if scan.headerCount > limits.maximumHeaderCount {
        return fail(.requestHeaderFieldsTooLarge, "more than \(limits.maximumHeaderCount) header fields")
      }
      scan.nextLine = lineFeed + 1
    }
    guard let headEnd else {
      let partialEnd = partialLineEnd()
      if partialEnd > scan.nextLine && partialEnd - scan.headerStart > limits.maximumHeaderBytes {
        return fail(.requestHeaderFieldsTooLarge, "header section exceeds \(limits.maximumHeaderBytes) bytes")
      }
      state = .head(scanned: scan)
      return .needMoreData
    }

    let parsed = buildRequest(scan, headerEnd: headEnd)
    switch parsed {
    case .failure(let error):
      state = .failed(error)
      return .failure(error)
    case .success(let (request, bodyLength)):
      consumed = headEnd
      if bodyLength == 0 {
        state = .head(scanned: nil)
        return .request(request)
      }
      state = .body(request, length: bodyLength, continueAnnounced: false)
      return finishBody(request, length: bodyLength, continueAnnounced: false)
    }
  }

  private mutating func finishBody(_ request: HTTPRequest, length: Int, continueAnnounced: Bool) -> HTTPParseResult {
    guard buffer.count - consumed >= length else {
      if !continueAnnounced && buffer.count == consumed && request.headers.hasToken("100-continue", in: "Expect")
        && request.version == .http1_1
      {
        state = .body(request, length: length, continueAnnounced: true)
        return .continueExpected
      }
      return .needMoreData
    }
    var complete = request
    complete.body = Array(buffer[consumed..<(consumed + length)])
    consumed += length
    state = .head(scanned: nil)
    return .request(complete)
  }

  // MARK: - Request line and fields

  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
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

  private func string(_ range: Range<Int>) -> String {
    String(decoding: buffer[range], as: UTF8.self)
  }

  private func buildRequest(_ scan: HeadScan, headerEnd: Int) -> Result<(HTTPRequest, Int), HTTPParseError> {
    func failure(_ status: HTTPStatus, _ reason: String) -> Result<(HTTPRequest, Int), HTTPParseError> {
      .failure(HTTPParseError(status: status, reason: reason))
    }
    // request-line = method SP request-target SP HTTP-version
    let lineStart = scan.requestLineStart
    let lineEnd = scan.requestLineEnd
    var firstSpace = lineStart
    while firstSpace < lineEnd && buffer[firstSpace] != 0x20 { firstSpace += 1 }
    guard firstSpace < lineEnd, firstSpace > lineStart else {
      return failure(.badRequest, "malformed request line")
    }
    for index in lineStart..<firstSpace where !HTTPRequestParser.isTokenCharacter(buffer[index]) {
      return failure(.badRequest, "invalid method")
    }
    let targetStart = firstSpace + 1
    var secondSpace = targetStart
    while secondSpace < lineEnd && buffer[secondSpace] != 0x20 { secondSpace += 1 }
    guard secondSpace < lineEnd, secondSpace > targetStart else {
      return failure(.badRequest, "malformed request line")
    }
    for index in targetStart..<secondSpace where buffer[index] < 0x21 || buffer[index] > 0x7E {
      return failure(.badRequest, "invalid character in request target")
    }
    // HTTP-version = "HTTP/" DIGIT "." DIGIT
    let versionStart = secondSpace + 1
    guard lineEnd - versionStart == 8,
      buffer[versionStart..<(versionStart + 5)].elementsEqual("HTTP/".utf8),
      (0x30...0x39).contains(buffer[versionStart + 5]), buffer[versionStart + 6] == UInt8(ascii: "."),
      (0x30...0x39).contains(buffer[versionStart + 7])
    else {
      return failure(.badRequest, "malformed HTTP version")
    }
    let major = Int(buffer[versionStart + 5] - 0x30)
    let minor = Int(buffer[versionStart + 7] - 0x30)
    guard major == 1 else {
      return failure(.httpVersionNotSupported, "only HTTP/1.x is supported")
    }
    // A later HTTP/1.x minor version is answered as HTTP/1.1 (RFC 9110 section 6.2).
    let version = HTTPVersion(major: 1, minor: min(minor, 1))
    let method = HTTPMethod(rawValue: string(lineStart..<firstSpace))

    let targetFirst = buffer[targetStart]
    let target = string(targetStart..<secondSpace)
    if targetFirst == UInt8(ascii: "*") {
      guard secondSpace - targetStart == 1, method == .options else {
        return failure(.badRequest, "asterisk-form target is only valid for OPTIONS")
      }
    } else if targetFirst != UInt8(ascii: "/") {
      let lowered = target.lowercased()
      guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
        return failure(.badRequest, "request target must be origin-form or absolute-form")
      }
    }

    // field-line = field-name ":" OWS field-value OWS
    var headers = HTTPHeaders()
    var lineBegin = scan.headerStart
    while lineBegin < headerEnd {
      var lineFeed = lineBegin
      while buffer[lineFeed] != 0x0A { lineFeed += 1 }
      let contentEnd = contentEnd(lineStart: lineBegin, lineFeed: lineFeed)
      defer { lineBegin = lineFeed + 1 }
      if contentEnd == lineBegin { break }
      if buffer[lineBegin] == 0x20 || buffer[lineBegin] == 0x09 {
        return failure(.badRequest, "obsolete line folding is not accepted")
      }
      var colon = lineBegin
      while colon < contentEnd && buffer[colon] != UInt8(ascii: ":") { colon += 1 }
      guard colon < contentEnd, colon > lineBegin else {
        return failure(.badRequest, "malformed header field")
      }
      for index in lineBegin..<colon where !HTTPRequestParser.isTokenCharacter(buffer[index]) {
        return failure(.badRequest, "invalid header field name")
      }
      var valueStart = colon + 1
      var valueEnd = contentEnd
      while valueStart < valueEnd && (buffer[valueStart] == 0x20 || buffer[valueStart] == 0x09) { valueStart += 1 }
      while valueEnd > valueStart && (buffer[valueEnd - 1] == 0x20 || buffer[valueEnd - 1] == 0x09) { valueEnd -= 1 }
      for index in valueStart..<valueEnd {
        let byte = buffer[index]
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
          return failure(.badRequest, "invalid character in header field value")
        }
      }
      headers.add(name: string(lineBegin..<colon), value: string(valueStart..<valueEnd))
    }

    let hosts = headers.values(for: "Host")
    if version.minor == 1 && hosts.count != 1 {
      return failure(.badRequest, hosts.isEmpty ? "missing Host header" : "more than one Host header")
    }
    if hosts.count > 1 {
      return failure(.badRequest, "more than one Host header")
    }

    var bodyLength = 0
    let lengths = headers.values(for: "Content-Length")
    if headers.contains(name: "Transfer-Encoding") {
      if !lengths.isEmpty {
        return failure(.badRequest, "both Transfer-Encoding and Content-Length")
      }
      if version.minor == 0 {
        return failure(.badRequest, "Transfer-Encoding in an HTTP/1.0 request")
      }
      if headers.hasToken("chunked", in: "Transfer-Encoding") {
        return failure(.lengthRequired, "chunked request bodies are not supported; send Content-Length")
      }
      return failure(.notImplemented, "unsupported transfer coding")
    }
    if let first = lengths.first {
      for value in lengths where value != first {
        return failure(.badRequest, "conflicting Content-Length values")
      }
      guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        return failure(.badRequest, "invalid Content-Length")
      }
      let significant = first.utf8.drop { $0 == 0x30 }
      if significant.count > 15 {
        return failure(.contentTooLarge, "body exceeds \(limits.maximumBodyBytes) bytes")
      }
      var length = 0
      for digit in significant { length = length * 10 + Int(digit - 0x30) }
      if length > limits.maximumBodyBytes {
        return failure(.contentTooLarge, "body exceeds \(limits.maximumBodyBytes) bytes")
      }
      bodyLength = length
    }

    let request = HTTPRequest(method: method, target: target, version: version, headers: headers)
    return .success((request, bodyLength))
  }
}
