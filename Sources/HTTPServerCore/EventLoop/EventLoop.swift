import Glibc
import NavDOMLinuxSystem
import Synchronization
import NavDOMSupport

/// One thread's epoll loop: accepts connections from the shared listening socket, reads and
/// parses requests, queues responses in order and writes them without blocking.
///
/// Not `Sendable`: its thread owns it (HTTPServer hands it over once, to the thread it starts).
/// Other threads reach only its ``inbox``.
final class EventLoop {
  let context: ServerContext
  let epoll: Int32
  /// What other threads hand this loop.
  let inbox: LoopInbox
  var reserveDescriptor: Int32
  var connections: [Int32: Connection] = [:]
  /// Numbers the connections this loop accepts (ConnectionToken).
  var acceptedCount: UInt64 = 0
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
    // The inbox first, as a local: if epoll cannot be made, the inbox's deinit closes its
    // eventfd. (A loop that throws before every property is set runs no deinit, so an epoll
    // made first leaked when the inbox failed.)
    let inbox = try LoopInbox()
    epoll = epoll_create1(navdom_epoll_cloexec)
    guard epoll >= 0 else { throw .socketFailure(operation: "epoll_create1", errorNumber: errno) }
    self.inbox = inbox
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
    navdom_epoll_control(epoll, navdom_epoll_add, inbox.wakeDescriptor, navdom_epoll_in, UInt64(inbox.wakeDescriptor))
    navdom_epoll_control(
      epoll, navdom_epoll_add, context.listenDescriptor,
      navdom_epoll_in | navdom_epoll_exclusive, UInt64(context.listenDescriptor))
  }

  deinit {
    close(epoll)
    if reserveDescriptor >= 0 { close(reserveDescriptor) }
    readBuffer.deallocate()
    eventBuffer.deallocate()
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
        if descriptor == inbox.wakeDescriptor {
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
    _ = read(inbox.wakeDescriptor, &value, 8)
    if !draining && context.isStopping.load(ordering: .acquiring) {
      beginDraining()
    }
    for token in inbox.takeFlushes() {
      if let connection = connection(token) { flushStream(connection) }
    }
    for (pending, response) in inbox.takeCompletions() {
      guard let connection = connection(pending.connection), connection.awaiting === pending else { continue }
      connection.awaiting = nil
      let made = response ?? fallbackResponse(to: pending.request)
      queue(made, for: pending.request, on: connection, keepAlive: pending.keepAlive, started: pending.started)
      drive(connection)
    }
  }

  /// The open connection `token` names, or `nil` when it has closed since.
  func connection(_ token: ConnectionToken) -> Connection? {
    guard let connection = connections[token.descriptor], connection.token == token, !connection.isClosed else { return nil }
    return connection
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
