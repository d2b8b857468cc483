import Glibc
import NavDOMLinuxSystem
import Synchronization
import NavDOMSupport

/// An HTTP/1.1 server on epoll: a dynamic router first, then a fallback (StaticServe's static
/// files from the public root, through its `HTTPServer(configuration:router:)`).
///
/// It listens on one socket shared by `eventLoopCount` event loop threads; each loop accepts,
/// parses (keep-alive and pipelining, answered in order) and writes without blocking, so slow
/// clients never hold up others. `stop()` (or SIGINT/SIGTERM during `run()`) stops accepting,
/// finishes in-flight responses, ends open event streams and returns.
///
/// ```swift
/// var configuration = ServerConfiguration(port: 8080, publicRoot: "public")
/// let server = HTTPServer(configuration: configuration) { request in
///   if request.path == "/events" {
///     return .eventStream { stream in sessions.attach(stream) }
///   }
///   if request.method == .post, request.path == "/dispatch" {
///     sessions.dispatch(request.body)
///     return HTTPResponse(status: .noContent)
///   }
///   return nil // not mine: serve public/
/// }
/// try server.run() // until Ctrl-C
/// ```
public final class HTTPServer: Sendable {
  /// A dynamic request handler that runs before the static files; return `nil` to pass.
  /// It runs on an event loop thread: return quickly, and hand long work to another thread
  /// (an `HTTPResponse.eventStream` can deliver its result later).
  public typealias Router = @Sendable (HTTPRequest) -> HTTPResponse?
  /// Makes, as the server starts, what answers the requests the router passed, from the
  /// configuration (StaticServe's static files read `publicRoot`); `nil` answers them 404.
  public typealias FallbackMaker = @Sendable (ServerConfiguration) throws(ServerError) -> Router?

  private enum Phase: Sendable {
    case idle
    case running(ServerContext, [LoopInbox], [pthread_t])
    case stopped
  }

  /// The configuration the server was created with.
  public let configuration: ServerConfiguration
  private let router: Router?
  private let makeFallback: FallbackMaker?
  private let phase = Locked<Phase>(.idle)
  private let stopLock = Locked<Void>(())
  private let boundPort = Atomic<Int>(0)

  /// Creates a server; nothing happens until `start()` or `run()`. StaticServe's
  /// `HTTPServer(configuration:router:)` passes its static files as the fallback.
  ///
  /// ```swift
  /// let server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil), router: { request in
  ///   request.path == "/health" ? HTTPResponse(status: .ok) : nil
  /// }, fallback: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: Where to listen, limits and timeouts.
  ///   - router: Runs first for every request; `nil` from it falls through to the fallback.
  ///   - fallback: Makes, at `start()`, what answers the rest; `nil`: 404.
  public init(configuration: ServerConfiguration, router: Router? = nil, fallback: FallbackMaker?) {
    self.configuration = configuration
    self.router = router
    makeFallback = fallback
  }

  /// The port the server listens on: the configured one, or the system's choice for port 0.
  /// `0` before `start()`.
  ///
  /// ```swift
  /// try server.start()
  /// print("http://127.0.0.1:\(server.port)/")
  /// ```
  public var port: Int { boundPort.load(ordering: .acquiring) }

  /// Binds the socket and starts the event loops, returning at once.
  ///
  /// ```swift
  /// try server.start()
  /// defer { server.stop() }
  /// ```
  ///
  /// - Throws: `ServerError` when the root is missing, the host is not IPv4 or binding fails.
  public func start() throws(ServerError) {
    try phase.withLock { phase throws(ServerError) in
      guard case .idle = phase else { throw ServerError.alreadyStarted }
      let fallback = try makeFallback?(configuration)
      signal(SIGPIPE, SIG_IGN)  // sendfile to a vanished client must not kill the process
      let listenDescriptor = try openListeningSocket()
      let context = ServerContext(
        configuration: configuration, router: router, fallback: fallback, listenDescriptor: listenDescriptor)
      var loops: [EventLoop] = []
      do throws(ServerError) {
        for _ in 0..<max(1, configuration.eventLoopCount) {
          loops.append(try EventLoop(context: context))
        }
      } catch {
        close(listenDescriptor)
        throw error
      }
      var threads: [pthread_t] = []
      for loop in loops {
        var thread = pthread_t()
        let unmanaged = Unmanaged.passRetained(loop)
        let result = pthread_create(&thread, nil, { argument in
          let loop = Unmanaged<EventLoop>.fromOpaque(argument!).takeRetainedValue()
          loop.run()
          return nil
        }, unmanaged.toOpaque())
        if result != 0 {
          unmanaged.release()
          // The loops already running would otherwise go on serving a server that failed.
          Self.halt(context, inboxes: loops.map(\.inbox), threads: threads)
          throw ServerError.socketFailure(operation: "pthread_create", errorNumber: result)
        }
        threads.append(thread)
      }
      // The loops now belong to their threads; the server keeps only their inboxes.
      phase = .running(context, loops.map(\.inbox), threads)
    }
  }

  private func openListeningSocket() throws(ServerError) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: configuration.port).bigEndian)
    guard inet_pton(AF_INET, configuration.host, &address.sin_addr) == 1 else {
      throw ServerError.invalidHost(configuration.host)
    }
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | navdom_socket_nonblocking | navdom_socket_cloexec, 0)
    guard descriptor >= 0 else { throw ServerError.socketFailure(operation: "socket", errorNumber: errno) }
    var enabled: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &enabled, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let error = errno
      close(descriptor)
      throw ServerError.socketFailure(operation: "bind \(configuration.host):\(configuration.port)", errorNumber: error)
    }
    guard listen(descriptor, 1024) == 0 else {
      let error = errno
      close(descriptor)
      throw ServerError.socketFailure(operation: "listen", errorNumber: error)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    boundPort.store(Int(UInt16(bigEndian: actual.sin_port)), ordering: .releasing)
    return descriptor
  }

  /// Stops gracefully and returns when done: stops accepting at once, closes idle connections,
  /// ends open event streams, lets in-flight requests and responses finish (up to
  /// `shutdownGracePeriod`), then closes the rest. Safe to call more than once, from any thread.
  ///
  /// ```swift
  /// server.stop()
  /// ```
  public func stop() {
    stopLock.withLock { _ in
      let running = phase.withLock { phase -> (ServerContext, [LoopInbox], [pthread_t])? in
        guard case .running(let context, let inboxes, let threads) = phase else { return nil }
        return (context, inboxes, threads)
      }
      guard let (context, inboxes, threads) = running else { return }
      Self.halt(context, inboxes: inboxes, threads: threads)
      phase.withLock { $0 = .stopped }
    }
  }

  /// Stops the loops running on `threads` (the rest never started), waking each through its
  /// inbox, waits for them to finish, and closes the listening socket.
  private static func halt(_ context: ServerContext, inboxes: [LoopInbox], threads: [pthread_t]) {
    context.isStopping.store(true, ordering: .releasing)
    shutdown(context.listenDescriptor, Int32(SHUT_RDWR))
    for inbox in inboxes { inbox.wake() }
    for thread in threads { pthread_join(thread, nil) }
    close(context.listenDescriptor)
  }

  /// Whether the server is accepting and answering requests.
  ///
  /// ```swift
  /// if server.isRunning { server.stop() }
  /// ```
  public var isRunning: Bool {
    phase.withLock { phase in
      if case .running = phase { return true }
      return false
    }
  }

  /// Starts the server (if needed) and blocks until SIGINT or SIGTERM arrives or `stop()` is
  /// called elsewhere, then stops gracefully and returns.
  ///
  /// ```swift
  /// let server = HTTPServer(configuration: ServerConfiguration(port: 8080, publicRoot: "public"))
  /// try server.run()
  /// ```
  public func run() throws(ServerError) {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    defer { pthread_sigmask(SIG_UNBLOCK, &signals, nil) }
    if !isRunning {
      let alreadyStopped = phase.withLock { phase -> Bool in
        if case .stopped = phase { return true }
        return false
      }
      if alreadyStopped { return }
      try start()
    }
    var interval = timespec(tv_sec: 0, tv_nsec: 100_000_000)
    while isRunning {
      let received = sigtimedwait(&signals, nil, &interval)
      if received == SIGINT || received == SIGTERM {
        if !configuration.quiet {
          let line = Array("\(Self.programName): stopping (signal \(received)), finishing in-flight requests\n".utf8)
          _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        stop()
      }
    }
    stop()
  }

  /// The running executable's name (the user's app, not "navdom"), for the lines the server
  /// writes to standard error.
  static var programName: String {
    (CommandLine.arguments.first ?? "server").split(separator: "/").last.map(String.init) ?? "server"
  }
}
