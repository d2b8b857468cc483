import Glibc
import NavDOMLinuxSystem
import Synchronization
import NavDOMSupport

/// One thread's epoll loop: accepts connections from the shared listening socket, reads and
/// parses requests, queues responses in order and writes them without blocking.
// Safe: other threads only call `wake` (an eventfd write), `scheduleFlush` and deferred
// completions, which go through Mutex-guarded inboxes; everything else is touched by the loop's
// own thread.
final class EventLoop: @unchecked Sendable {
  let context: ServerContext
  let epoll: Int32
  let wakeDescriptor: Int32
  var reserveDescriptor: Int32
  var connections: [Int32: Connection] = [:]
  let inbox = Locked<[Connection]>([])
  /// Deferred responses made on other threads, waiting to be queued by this loop.
  let completions = Locked<[(DeferredResponse, HTTPResponse?)]>([])
  let readBuffer: UnsafeMutableRawBufferPointer
  let eventBuffer: UnsafeMutableBufferPointer<navdom_epoll_ready>
  let maximumEvents = 256
  var draining = false
  var drainDeadline: UInt64 = 0
  var cachedDateSecond = -1
  var cachedDate = ""
  var nextSweep: UInt64 = 0
  let sweepInterval: UInt64
  let requestReadTimeout: UInt64
  let idleTimeout: UInt64
  let writeTimeout: UInt64
  let readCapacity: Int
  /// Responses are queued while less than this is waiting to be sent (pipelining).
  let outputHighWater = 64 * 1024
  /// Files up to this size are read into the output buffer; larger ones go out with sendfile.
  let inlineFileLimit = 64 * 1024

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

  func handleWake() {
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
      let made = response ?? fallbackResponse(to: pending.request)
      queue(made, for: pending.request, on: connection, keepAlive: pending.keepAlive, started: pending.started)
      drive(connection)
    }
  }

  /// Hands a deferred response to this loop (any thread); the first completion wins.
  func complete(_ pending: DeferredResponse, with response: HTTPResponse?) {
    guard pending.claimCompletion() else { return }
    var response = response
    // A deferred response cannot defer again: answer with what can be said.
    if case .deferred? = response?.body {
      response = .error(.internalServerError, detail: "a deferred response deferred again")
    }
    completions.withLock { $0.append((pending, response)) }
    wake()
  }

  func beginDraining() {
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

  func isIdle(_ connection: Connection) -> Bool {
    !connection.hasPendingOutput && connection.stream == nil && connection.awaiting == nil
      && !connection.parser.hasPartialRequest
  }
}
