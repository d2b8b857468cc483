import Glibc
import NavDOMLinuxSystem
import Synchronization

extension EventLoop {
  // MARK: - Connection events

  func handle(_ connection: Connection, events: UInt32) {
    if events & navdom_epoll_error != 0 {
      closeConnection(connection)
      return
    }
    if events & (navdom_epoll_in | navdom_epoll_hang_up) != 0 {
      readAvailable(connection)
      if connection.isClosed { return }
    }
    drive(connection)
  }

  func readAvailable(_ connection: Connection) {
    let now = MonotonicClock.now()
    while true {
      let count = recv(connection.descriptor, readBuffer.baseAddress, readBuffer.count, 0)
      if count > 0 {
        if !connection.parser.hasPartialRequest && connection.requestStartedAt == nil {
          connection.requestStartedAt = now
        }
        connection.parser.append(bytes: UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
        if connection.parser.bufferedByteCount > readCapacity {
          if connection.stream != nil || !connection.hasPendingOutput {
            closeConnection(connection)
            return
          }
          break
        }
        if count < readBuffer.count { break }
      } else if count == 0 {
        connection.peerClosed = true
        if connection.stream != nil {
          closeConnection(connection)
        }
        return
      } else {
        let error = errno
        if error == EINTR { continue }
        if error == EAGAIN || error == EWOULDBLOCK { return }
        closeConnection(connection)
        return
      }
    }
  }

  /// Sends what is queued, then answers buffered requests, until the connection must wait.
  func drive(_ connection: Connection) {
    while true {
      flush(connection)
      if connection.isClosed { return }
      if connection.hasPendingOutput || connection.stream != nil || connection.awaiting != nil
        || connection.closeAfterWrite
      {
        break
      }
      let needsMoreData = answerBufferedRequests(connection)
      if connection.isClosed { return }
      if needsMoreData {
        flush(connection)
        if connection.isClosed { return }
        break
      }
    }
    if !connection.parser.hasPartialRequest && connection.requestStartedAt != nil {
      // The request was answered: the idle clock starts again now.
      connection.requestStartedAt = nil
      connection.idleSince = MonotonicClock.now()
    } else if connection.parser.hasPartialRequest && connection.requestStartedAt == nil {
      connection.requestStartedAt = MonotonicClock.now()
    }
    let finished = !connection.hasPendingOutput && connection.stream == nil && connection.awaiting == nil
    if finished && (connection.peerClosed || (draining && !connection.parser.hasPartialRequest)) {
      closeConnection(connection)
      return
    }
    updateInterest(connection)
  }

  /// Queues responses for complete buffered requests; `true` when it stopped for lack of bytes.
  func answerBufferedRequests(_ connection: Connection) -> Bool {
    while !connection.isClosed && connection.stream == nil && connection.awaiting == nil && connection.file == nil
      && !connection.closeAfterWrite
      && connection.output.count - connection.outputOffset < outputHighWater
    {
      switch connection.parser.nextRequest() {
      case .request(let request):
        respond(to: request, on: connection)
      case .continueExpected:
        connection.output.append(contentsOf: EventLoop.continueResponse)
      case .needMoreData:
        return true
      case .failure(let error):
        let started = MonotonicClock.now()
        var response = HTTPResponse.error(error.status, detail: error.reason)
        response.headers["Connection"] = "close"
        let request = HTTPRequest(method: HTTPMethod(rawValue: "-"), target: "-")
        queue(response, for: request, on: connection, keepAlive: false, started: started)
        return false
      }
    }
    return false
  }

  static let lineEnd: [UInt8] = [0x0D, 0x0A]
  static let colonSpace: [UInt8] = [0x3A, 0x20]

  static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    if value < 10 {
      output.append(UInt8(truncatingIfNeeded: value) + 0x30)
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var remaining = UInt(max(0, value))
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[19 - count] = UInt8(remaining % 10) + 0x30
        remaining /= 10
        count += 1
      } while remaining > 0
      output.append(contentsOf: buffer[(20 - count)...])
    }
  }

  static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  func respond(to request: HTTPRequest, on connection: Connection) {
    let started = MonotonicClock.now()
    var response: HTTPResponse
    if let refusal = context.configuration.hostPolicy.refusal(for: request) {
      response = refusal  // before any handler: no page rendered, no session made
    } else if let router = context.router, let routed = router(request) {
      response = routed
    } else {
      response = fallbackResponse(to: request)
    }
    var keepAlive = request.keepsConnectionAlive && !draining && !connection.peerClosed
    if response.headers.hasToken("close", in: "Connection") { keepAlive = false }
    if response.status.code == 400 || response.status.code == 431 { keepAlive = false }
    connection.servedRequests += 1
    if case .deferred(let work) = response.body {
      let pending = DeferredResponse(connection: connection.token, request: request, keepAlive: keepAlive, started: started)
      connection.awaiting = pending
      work { [inbox] made in inbox.complete(pending, with: made) }
      return
    }
    queue(response, for: request, on: connection, keepAlive: keepAlive, started: started)
  }

  /// The fallback's answer (StaticServe's static files), for a request no router took.
  func fallbackResponse(to request: HTTPRequest) -> HTTPResponse {
    if let fallback = context.fallback, let answer = fallback(request) { return answer }
    return request.method.isStandard ? .error(.notFound) : .error(.notImplemented)
  }

  func currentDate() -> String {
    let second = Int(time(nil))
    if second != cachedDateSecond {
      cachedDateSecond = second
      cachedDate = HTTPDate.format(secondsSince1970: second)
    }
    return cachedDate
  }
}
