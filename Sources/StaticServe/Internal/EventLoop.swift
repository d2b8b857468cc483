import Glibc
import NavDOMLinuxSystem
import Synchronization

/// One thread's epoll loop: accepts connections from the shared listening socket, reads and
/// parses requests, queues responses in order and writes them without blocking.
// Safe: other threads only call `wake` (an eventfd write), `scheduleFlush` and deferred
// completions, which go through Mutex-guarded inboxes; everything else is touched by the loop's
// own thread.
final class EventLoop: @unchecked Sendable {
  private let context: ServerContext
  private let epoll: Int32
  private let wakeDescriptor: Int32
  private var reserveDescriptor: Int32
  private var connections: [Int32: Connection] = [:]
  private let inbox = Mutex<[Connection]>([])
  /// Deferred responses made on other threads, waiting to be queued by this loop.
  private let completions = Mutex<[(DeferredResponse, HTTPResponse?)]>([])
  private let readBuffer: UnsafeMutableRawBufferPointer
  private let eventBuffer: UnsafeMutableBufferPointer<navdom_epoll_ready>
  private let maximumEvents = 256
  private var draining = false
  private var drainDeadline: UInt64 = 0
  private var cachedDateSecond = -1
  private var cachedDate = ""
  private var nextSweep: UInt64 = 0
  private let sweepInterval: UInt64
  private let requestReadTimeout: UInt64
  private let idleTimeout: UInt64
  private let writeTimeout: UInt64
  private let readCapacity: Int
  /// Responses are queued while less than this is waiting to be sent (pipelining).
  private let outputHighWater = 64 * 1024
  /// Files up to this size are read into the output buffer; larger ones go out with sendfile.
  private let inlineFileLimit = 64 * 1024

  init(context: ServerContext) throws(ServerError) {
    self.context = context
    epoll = epoll_create1(navdom_epoll_cloexec)
    guard epoll >= 0 else { throw .socketFailure(operation: "epoll_create1", errorNumber: errno) }
    wakeDescriptor = eventfd(0, navdom_eventfd_nonblocking | navdom_eventfd_cloexec)
    guard wakeDescriptor >= 0 else { throw .socketFailure(operation: "eventfd", errorNumber: errno) }
    reserveDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
    readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
    eventBuffer = .allocate(capacity: maximumEvents)
    let configuration = context.configuration
    requestReadTimeout = MonotonicClock.nanoseconds(configuration.requestReadTimeout)
    idleTimeout = MonotonicClock.nanoseconds(configuration.idleTimeout)
    writeTimeout = MonotonicClock.nanoseconds(configuration.writeTimeout)
    sweepInterval = min(max(min(requestReadTimeout, idleTimeout) / 5, 5_000_000), 500_000_000)
    let limits = configuration.requestLimits
    readCapacity = limits.maximumRequestLineBytes + limits.maximumHeaderBytes + limits.maximumBodyBytes + 64 * 1024
    navdom_epoll_control(epoll, navdom_epoll_add, wakeDescriptor, navdom_epoll_in, UInt64(wakeDescriptor))
    navdom_epoll_control(
      epoll, navdom_epoll_add, context.listenDescriptor,
      navdom_epoll_in | navdom_epoll_exclusive, UInt64(context.listenDescriptor))
  }

  deinit {
    close(epoll)
    close(wakeDescriptor)
    if reserveDescriptor >= 0 { close(reserveDescriptor) }
    readBuffer.deallocate()
    eventBuffer.deallocate()
  }

  /// Wakes the loop from another thread (a stream has data, or the server is stopping).
  func wake() {
    var one: UInt64 = 1
    _ = write(wakeDescriptor, &one, 8)
  }

  func scheduleFlush(_ connection: Connection) {
    inbox.withLock { $0.append(connection) }
    wake()
  }

  // MARK: - Loop

  func run() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)

    nextSweep = MonotonicClock.now() + sweepInterval
    while true {
      let timeout = Int32(max(1, sweepInterval / 1_000_000))
      let count = navdom_epoll_wait(epoll, eventBuffer.baseAddress!, Int32(maximumEvents), timeout)
      if count < 0 && errno != EINTR { break }
      for index in 0..<max(0, Int(count)) {
        let events = eventBuffer[index].events
        let descriptor = Int32(truncatingIfNeeded: eventBuffer[index].data)
        if descriptor == wakeDescriptor {
          handleWake()
        } else if descriptor == context.listenDescriptor {
          if draining || context.isStopping.load(ordering: .relaxed) {
            navdom_epoll_control(epoll, navdom_epoll_delete, descriptor, 0, 0)
          } else {
            acceptConnections()
          }
        } else if let connection = connections[descriptor] {
          handle(connection, events: events)
        }
      }
      let now = MonotonicClock.now()
      if now >= nextSweep {
        sweep(now: now)
        nextSweep = now + sweepInterval
      }
      if draining {
        if connections.isEmpty { break }
        if now >= drainDeadline {
          for connection in Array(connections.values) { closeConnection(connection) }
          break
        }
      }
    }
  }

  private func handleWake() {
    var value: UInt64 = 0
    _ = read(wakeDescriptor, &value, 8)
    if !draining && context.isStopping.load(ordering: .acquiring) {
      beginDraining()
    }
    let scheduled = inbox.withLock { list -> [Connection] in
      let taken = list
      list.removeAll()
      return taken
    }
    for connection in scheduled where !connection.isClosed {
      flushStream(connection)
    }
    let completed = completions.withLock { list -> [(DeferredResponse, HTTPResponse?)] in
      let taken = list
      list.removeAll()
      return taken
    }
    for (pending, response) in completed {
      guard let connection = pending.connection, !connection.isClosed, connection.awaiting === pending else { continue }
      connection.awaiting = nil
      let made = response ?? staticResponse(to: pending.request)
      queue(made, for: pending.request, on: connection, keepAlive: pending.keepAlive, started: pending.started)
      drive(connection)
    }
  }

  /// Hands a deferred response to this loop (any thread); the first completion wins.
  private func complete(_ pending: DeferredResponse, with response: HTTPResponse?) {
    guard pending.claimCompletion() else { return }
    var response = response
    // A deferred response cannot defer again: answer with what can be said.
    if case .deferred? = response?.body {
      response = .error(.internalServerError, detail: "a deferred response deferred again")
    }
    completions.withLock { $0.append((pending, response)) }
    wake()
  }

  private func beginDraining() {
    draining = true
    drainDeadline = MonotonicClock.now() + MonotonicClock.nanoseconds(context.configuration.shutdownGracePeriod)
    navdom_epoll_control(epoll, navdom_epoll_delete, context.listenDescriptor, 0, 0)
    for connection in Array(connections.values) {
      if let stream = connection.stream {
        stream.close()
        connection.streamKeepsAlive = false
        flushStream(connection)
      } else if isIdle(connection) {
        closeConnection(connection)
      }
    }
  }

  private func isIdle(_ connection: Connection) -> Bool {
    !connection.hasPendingOutput && connection.stream == nil && connection.awaiting == nil
      && !connection.parser.hasPartialRequest
  }

  // MARK: - Accepting

  private func acceptConnections() {
    for _ in 0..<64 {
      let descriptor = navdom_accept(context.listenDescriptor, navdom_socket_nonblocking | navdom_socket_cloexec)
      if descriptor < 0 {
        let error = errno
        if error == EINTR || error == ECONNABORTED { continue }
        if (error == EMFILE || error == ENFILE) && reserveDescriptor >= 0 {
          // Out of descriptors: use the reserve to accept and drop one, so the loop does not spin.
          close(reserveDescriptor)
          let dropped = navdom_accept(context.listenDescriptor, navdom_socket_cloexec)
          if dropped >= 0 { close(dropped) }
          reserveDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
          continue
        }
        return
      }
      let open = context.openConnections.add(1, ordering: .relaxed).newValue
      if open > context.configuration.maximumConnections {
        context.openConnections.subtract(1, ordering: .relaxed)
        refuse(descriptor)
        continue
      }
      var enabled: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
      let now = MonotonicClock.now()
      let connection = Connection(descriptor: descriptor, limits: context.configuration.requestLimits, now: now)
      connections[descriptor] = connection
      connection.registeredEvents = navdom_epoll_in
      navdom_epoll_control(epoll, navdom_epoll_add, descriptor, navdom_epoll_in, UInt64(descriptor))
    }
  }

  private static let refusal = Array(
    ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 21\r\n"
      + "Retry-After: 1\r\nConnection: close\r\n\r\ntoo many connections\n").utf8)

  /// Answers a connection over the limit with 503 (best effort, never blocking) and closes it.
  private func refuse(_ descriptor: Int32) {
    _ = recv(descriptor, readBuffer.baseAddress, readBuffer.count, Int32(MSG_DONTWAIT))
    _ = EventLoop.refusal.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    shutdown(descriptor, Int32(SHUT_WR))
    close(descriptor)
  }

  // MARK: - Connection events

  private func handle(_ connection: Connection, events: UInt32) {
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

  private func readAvailable(_ connection: Connection) {
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
  private func drive(_ connection: Connection) {
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
  private func answerBufferedRequests(_ connection: Connection) -> Bool {
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

  private static let lineEnd: [UInt8] = [0x0D, 0x0A]
  private static let colonSpace: [UInt8] = [0x3A, 0x20]

  private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
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

  private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  private func respond(to request: HTTPRequest, on connection: Connection) {
    let started = MonotonicClock.now()
    var response: HTTPResponse
    if let refusal = context.configuration.hostPolicy.refusal(for: request) {
      response = refusal  // before any handler: no page rendered, no session made
    } else if let router = context.router, let routed = router(request) {
      response = routed
    } else {
      response = staticResponse(to: request)
    }
    var keepAlive = request.keepsConnectionAlive && !draining && !connection.peerClosed
    if response.headers.hasToken("close", in: "Connection") { keepAlive = false }
    if response.status.code == 400 || response.status.code == 431 { keepAlive = false }
    connection.servedRequests += 1
    if case .deferred(let work) = response.body {
      let pending = DeferredResponse(connection: connection, request: request, keepAlive: keepAlive, started: started)
      connection.awaiting = pending
      work { [weak self] made in self?.complete(pending, with: made) }
      return
    }
    queue(response, for: request, on: connection, keepAlive: keepAlive, started: started)
  }

  /// The static files' answer, for a request no router took.
  private func staticResponse(to request: HTTPRequest) -> HTTPResponse {
    if let files = context.staticFiles { return files.response(to: request) }
    return request.method.isStandard ? .error(.notFound) : .error(.notImplemented)
  }

  private func currentDate() -> String {
    let second = Int(time(nil))
    if second != cachedDateSecond {
      cachedDateSecond = second
      cachedDate = HTTPDate.format(secondsSince1970: second)
    }
    return cachedDate
  }

  /// Serializes a response into the connection's output (or hands its file or stream over).
  /// Sent with every response unless its handler set them: no MIME sniffing, no framing by
  /// other sites (clickjacking), no full URLs to other sites in `Referer`.
  private static let protectiveHeaders: [(name: String, value: String)] = [
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "SAMEORIGIN"),
    ("Referrer-Policy", "same-origin"),
  ]

  private func queue(_ response: HTTPResponse, for request: HTTPRequest, on connection: Connection, keepAlive: Bool, started: UInt64) {
    var response = response
    for header in EventLoop.protectiveHeaders where response.headers[header.name] == nil {
      response.headers.replaceOrAdd(name: header.name, value: header.value)
    }
    var keepAlive = keepAlive
    let omitsBody = request.method == .head || response.status.forbidsBody
    let isHTTP10 = request.version == .http1_0
    // Written straight into the output buffer as bytes: no intermediate strings.
    var output = connection.output
    connection.output = []
    output.append(contentsOf: "HTTP/1.1 ".utf8)
    EventLoop.appendDecimal(response.status.code, to: &output)
    output.append(0x20)
    output.append(contentsOf: response.status.reasonPhrase.utf8)
    output.append(contentsOf: EventLoop.lineEnd)
    for field in response.headers {
      if HTTPHeaders.namesMatch(field.name, "Content-Length") || HTTPHeaders.namesMatch(field.name, "Transfer-Encoding")
        || HTTPHeaders.namesMatch(field.name, "Connection") || HTTPHeaders.namesMatch(field.name, "Date")
      {
        continue
      }
      // Header injection guard: a field from a handler with CR or LF (or a bad name) is dropped.
      if field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A })
        || field.name.utf8.contains(where: { $0 <= 0x20 || $0 == 0x3A || $0 == 0x7F })
      {
        continue
      }
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
      if !response.status.forbidsBody {
        output.append(contentsOf: "Content-Length: ".utf8)
        EventLoop.appendDecimal(bytes.count, to: &output)
        output.append(contentsOf: EventLoop.lineEnd)
      }
    case .file(let file):
      if response.status.code != 304 {
        output.append(contentsOf: "Content-Length: ".utf8)
        EventLoop.appendDecimal(file.byteCount, to: &output)
        output.append(contentsOf: EventLoop.lineEnd)
      }
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

    var sentBytes = 0
    if !omitsBody {
      switch response.body {
      case .bytes(let bytes):
        connection.output.append(contentsOf: bytes)
        sentBytes = bytes.count
      case .file(let file):
        sentBytes = file.byteCount
        if file.byteCount <= inlineFileLimit {
          appendFileContents(file, to: connection)
        } else {
          connection.file = file
          connection.fileOffset = 0
        }
      case .stream(let onOpen):
        let stream = EventStream(
          usesChunkedFraming: !isHTTP10, maximumPendingBytes: context.configuration.maximumStreamBufferBytes,
          scheduleFlush: { [weak self, weak connection] in
            guard let self, let connection else { return }
            self.scheduleFlush(connection)
          })
        connection.stream = stream
        connection.streamKeepsAlive = keepAlive
        connection.closeAfterWrite = false
        onOpen(stream)
      case .deferred:
        break
      }
    }
    if !context.configuration.quiet {
      let elapsed = Double(MonotonicClock.now() - started) / 1_000_000
      let milliseconds = (elapsed * 100).rounded() / 100
      context.log("\(request.method) \(request.target) \(response.status.code) \(omitsBody ? 0 : sentBytes) \(milliseconds)ms")
    }
  }

  private func appendFileContents(_ file: FileBody, to connection: Connection) {
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

  // MARK: - Streams

  private func flushStream(_ connection: Connection) {
    guard let stream = connection.stream else { return }
    let (bytes, endOfStream) = stream.takePending()
    connection.output.append(contentsOf: bytes)
    if endOfStream {
      connection.output.append(contentsOf: stream.terminator)
      connection.stream = nil
      if !connection.streamKeepsAlive || draining { connection.closeAfterWrite = true }
      stream.markClosed()
    }
    drive(connection)
  }

  // MARK: - Writing

  private func flush(_ connection: Connection) {
    let now = MonotonicClock.now()
    while connection.outputOffset < connection.output.count {
      let count = connection.output.withUnsafeBytes { raw in
        send(connection.descriptor, raw.baseAddress! + connection.outputOffset,
          raw.count - connection.outputOffset, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        connection.outputOffset += count
        connection.lastWriteProgress = now
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return
      } else {
        closeConnection(connection)
        return
      }
    }
    if connection.output.capacity > 1024 * 1024 {
      connection.output = []
    } else {
      connection.output.removeAll(keepingCapacity: true)
    }
    connection.outputOffset = 0
    while let file = connection.file {
      var offset = connection.fileOffset
      let count = sendfile(connection.descriptor, file.descriptor, &offset, min(file.byteCount - offset, 1 << 20))
      if count > 0 {
        connection.fileOffset = offset
        connection.lastWriteProgress = now
        if offset >= file.byteCount { connection.file = nil }
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return
      } else {
        // Error, or the file shrank (sendfile returned 0): the body cannot be completed.
        closeConnection(connection)
        return
      }
    }
    if connection.closeAfterWrite && connection.stream == nil {
      closeConnection(connection)
      return
    }
    if connection.stream == nil && !connection.parser.hasPartialRequest && connection.requestStartedAt == nil {
      connection.idleSince = now
    }
  }

  private func updateInterest(_ connection: Connection) {
    var events: UInt32 = 0
    let blocked = connection.hasPendingOutput || connection.stream != nil || connection.awaiting != nil
    if !connection.peerClosed && !(blocked && connection.parser.bufferedByteCount > readCapacity) {
      events |= navdom_epoll_in
    }
    if connection.hasPendingOutput { events |= navdom_epoll_out }
    if events != connection.registeredEvents {
      connection.registeredEvents = events
      navdom_epoll_control(epoll, navdom_epoll_modify, connection.descriptor, events, UInt64(connection.descriptor))
    }
  }

  // MARK: - Timeouts and closing

  private static let timeoutResponse = Array(
    ("HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 16\r\n"
      + "Connection: close\r\n\r\nrequest timeout\n").utf8)

  private func sweep(now: UInt64) {
    var expired: [Connection] = []
    for connection in connections.values {
      if connection.hasPendingOutput {
        if now &- connection.lastWriteProgress > writeTimeout { expired.append(connection) }
      } else if connection.stream != nil || connection.awaiting != nil {
        continue  // the app's time limit, not the connection's, bounds a deferred response
      } else if let started = connection.requestStartedAt {
        if now &- started > requestReadTimeout {
          _ = EventLoop.timeoutResponse.withUnsafeBytes {
            send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
          }
          expired.append(connection)
        }
      } else {
        let limit = connection.servedRequests == 0 ? requestReadTimeout : idleTimeout
        if now &- connection.idleSince > limit { expired.append(connection) }
      }
    }
    for connection in expired { closeConnection(connection) }
  }

  private func closeConnection(_ connection: Connection) {
    if connection.isClosed { return }
    connection.isClosed = true
    connections[connection.descriptor] = nil
    navdom_epoll_control(epoll, navdom_epoll_delete, connection.descriptor, 0, 0)
    close(connection.descriptor)
    connection.file = nil
    connection.output = []
    context.openConnections.subtract(1, ordering: .relaxed)
    if let stream = connection.stream {
      connection.stream = nil
      stream.markClosed()
    }
  }
}
