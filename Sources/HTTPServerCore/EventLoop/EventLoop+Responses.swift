import Glibc
import NavDOMLinuxSystem
import Synchronization

extension EventLoop {
  // MARK: - Responses: serialized into the connection's output (or a file or stream handed over)

  /// Sent with every response unless its handler set them: no MIME sniffing, no framing by
  /// other sites (clickjacking), no full URLs to other sites in `Referer`.
  static let protectiveHeaders: [(name: String, value: String)] = [
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "SAMEORIGIN"),
    ("Referrer-Policy", "same-origin"),
  ]

  /// Queues `response` on the connection: its head, then its body (bytes, a file, or a stream
  /// that stays open), and logs the request unless the server is quiet.
  func queue(_ response: HTTPResponse, for request: HTTPRequest, on connection: Connection, keepAlive: Bool, started: UInt64) {
    var response = response
    for header in EventLoop.protectiveHeaders where response.headers[header.name] == nil {
      response.headers.replaceOrAdd(name: header.name, value: header.value)
    }
    let omitsBody = request.method == .head || response.status.forbidsBody
    let isHTTP10 = request.version == .http1_0
    let keepAlive = writeHead(of: response, on: connection, keepAlive: keepAlive, omitsBody: omitsBody, isHTTP10: isHTTP10)
    let sentBytes = omitsBody ? 0 : writeBody(of: response, on: connection, keepAlive: keepAlive, isHTTP10: isHTTP10)
    if !context.configuration.quiet {
      let elapsed = Double(MonotonicClock.now() - started) / 1_000_000
      let milliseconds = (elapsed * 100).rounded() / 100
      context.log("\(request.method) \(request.target) \(response.status.code) \(sentBytes) \(milliseconds)ms")
    }
  }

  /// Writes the status line and headers straight into the output buffer as bytes (no
  /// intermediate strings), the framing headers being the loop's own, never a handler's.
  /// Returns whether the connection stays open after this response.
  func writeHead(
    of response: HTTPResponse, on connection: Connection, keepAlive: Bool, omitsBody: Bool, isHTTP10: Bool
  ) -> Bool {
    var keepAlive = keepAlive
    var output = connection.output
    connection.output = []
    output.append(contentsOf: "HTTP/1.1 ".utf8)
    EventLoop.appendDecimal(response.status.code, to: &output)
    output.append(0x20)
    output.append(contentsOf: response.status.reasonPhrase.utf8)
    output.append(contentsOf: EventLoop.lineEnd)
    for field in response.headers where EventLoop.isHandlerHeader(field) {
      output.append(contentsOf: field.name.utf8)
      output.append(contentsOf: EventLoop.colonSpace)
      output.append(contentsOf: field.value.utf8)
      output.append(contentsOf: EventLoop.lineEnd)
    }
    output.append(contentsOf: "Date: ".utf8)
    output.append(contentsOf: currentDate().utf8)
    output.append(contentsOf: "\r\nServer: navdom\r\n".utf8)
    switch response.body {
    case .bytes(let bytes):
      if !response.status.forbidsBody { EventLoop.appendContentLength(bytes.count, to: &output) }
    case .file(let file):
      if response.status.code != 304 { EventLoop.appendContentLength(file.byteCount, to: &output) }
    case .deferred:
      break  // never queued: `respond` waits for the response it stands for
    case .stream:
      if !isHTTP10 && !omitsBody {
        output.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
      } else if !omitsBody {
        keepAlive = false
      }
    }
    if !keepAlive {
      output.append(contentsOf: "Connection: close\r\n".utf8)
    } else if isHTTP10 {
      output.append(contentsOf: "Connection: keep-alive\r\n".utf8)
    }
    output.append(contentsOf: EventLoop.lineEnd)
    connection.output = output
    if !keepAlive { connection.closeAfterWrite = true }
    return keepAlive
  }

  /// Whether a handler's header goes out as given: framing and date headers are the loop's,
  /// and a field with CR or LF in its value, or a bad name, is dropped (header injection).
  static func isHandlerHeader(_ field: HTTPHeaders.Field) -> Bool {
    // By length first: every field of every response is asked, and few have these lengths.
    let reserved: StaticString?
    switch field.name.utf8.count {
    case 4: reserved = "Date"
    case 10: reserved = "Connection"
    case 14: reserved = "Content-Length"
    case 17: reserved = "Transfer-Encoding"
    default: reserved = nil
    }
    if let reserved, HTTPHeaders.namesMatch(field.name, reserved.description) { return false }
    return !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A })
      && !field.name.utf8.contains(where: { $0 <= 0x20 || $0 == 0x3A || $0 == 0x7F })
  }

  static func appendContentLength(_ length: Int, to output: inout [UInt8]) {
    output.append(contentsOf: "Content-Length: ".utf8)
    appendDecimal(length, to: &output)
    output.append(contentsOf: lineEnd)
  }

  /// Queues the body after its head; returns its length in bytes (a stream's is 0 here).
  func writeBody(of response: HTTPResponse, on connection: Connection, keepAlive: Bool, isHTTP10: Bool) -> Int {
    switch response.body {
    case .bytes(let bytes):
      connection.output.append(contentsOf: bytes)
      return bytes.count
    case .file(let file):
      if file.byteCount <= inlineFileLimit {
        appendFileContents(file, to: connection)
      } else {
        connection.file = file
        connection.fileOffset = 0
      }
      return file.byteCount
    case .stream(let onOpen):
      let stream = EventStream(
        usesChunkedFraming: !isHTTP10, maximumPendingBytes: context.configuration.maximumStreamBufferBytes,
        scheduleFlush: { [inbox, token = connection.token] in inbox.scheduleFlush(token) })
      connection.stream = stream
      connection.streamKeepsAlive = keepAlive
      connection.closeAfterWrite = false
      onOpen(stream)
      return 0
    case .deferred:
      return 0
    }
  }

  func appendFileContents(_ file: FileBody, to connection: Connection) {
    let start = connection.output.count
    connection.output.append(contentsOf: repeatElement(0, count: file.byteCount))
    var filled = 0
    connection.output.withUnsafeMutableBytes { raw in
      while filled < file.byteCount {
        let count = pread(file.descriptor, raw.baseAddress! + start + filled, file.byteCount - filled, off_t(filled))
        if count > 0 {
          filled += count
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          break
        }
      }
    }
    if filled < file.byteCount {
      // The file shrank since it was opened: the promised length cannot be met.
      connection.output.removeLast(file.byteCount - filled)
      connection.closeAfterWrite = true
    }
  }
}
