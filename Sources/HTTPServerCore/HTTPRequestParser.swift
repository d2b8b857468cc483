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

  var buffer: [UInt8] = []
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

  struct HeadScan: Hashable, Sendable {
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
  func contentEnd(lineStart: Int, lineFeed: Int) -> Int {
    if lineFeed > lineStart && buffer[lineFeed - 1] == 0x0D { return lineFeed - 1 }
    return lineFeed
  }

  // MARK: - Head

  private mutating func parseHead(_ previous: HeadScan?) -> HTTPParseResult {
    var scan: HeadScan
    if let previous {
      scan = previous
    } else {
      switch scanRequestLine() {
      case .scanned(let found): scan = found
      case .stop(let result): return result
      }
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

  /// Where the request line's scan stands: found, or a result to return now (more data is
  /// needed, or the line is too long).
  private enum RequestLineScan {
    case scanned(HeadScan)
    case stop(HTTPParseResult)
  }

  /// Finds the request line, after the empty lines that may come before it (RFC 9112 section
  /// 2.2), and records where the header section starts.
  private mutating func scanRequestLine() -> RequestLineScan {
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
        return .stop(fail(.uriTooLong, "request line exceeds \(limits.maximumRequestLineBytes) bytes"))
      }
      return .stop(.needMoreData)
    }
    let lineEnd = contentEnd(lineStart: consumed, lineFeed: lineFeed)
    if lineEnd - consumed > limits.maximumRequestLineBytes {
      return .stop(fail(.uriTooLong, "request line exceeds \(limits.maximumRequestLineBytes) bytes"))
    }
    let scan = HeadScan(
      requestLineStart: consumed, requestLineEnd: lineEnd, headerStart: lineFeed + 1, nextLine: lineFeed + 1, headerCount: 0)
    state = .head(scanned: scan)
    return .scanned(scan)
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
}
