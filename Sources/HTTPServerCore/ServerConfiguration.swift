import Glibc

/// Everything an `HTTPServer` needs to know: where to listen, what to serve, and its limits.
///
/// ```swift
/// var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, publicRoot: "public")
/// configuration.quiet = true                             // no request log
/// configuration.requestReadTimeout = .milliseconds(300)  // slow clients are cut off sooner
/// let server = HTTPServer(configuration: configuration)
/// ```
public struct ServerConfiguration: Sendable {
  /// The IPv4 address to listen on, for example `127.0.0.1` or `0.0.0.0`.
  public var host: String
  /// The TCP port; `0` lets the system choose (read `HTTPServer.port` after `start()`).
  public var port: Int
  /// The directory whose files are served, or `nil` to serve only what the router answers.
  public var publicRoot: String?
  /// When `true`, no line per request is written to standard error.
  public var quiet: Bool
  /// Request line, header and body size limits.
  public var requestLimits: RequestLimits
  /// The most connections open at once; further ones get 503 and are closed.
  public var maximumConnections: Int
  /// How long a client may take to send one whole request, from its first byte (408 after).
  /// Also how long a new connection may stay silent.
  public var requestReadTimeout: Duration
  /// How long a kept-alive connection may wait for its next request.
  public var idleTimeout: Duration
  /// How long a response may make no progress because the client is not reading.
  public var writeTimeout: Duration
  /// How long `stop()` waits for in-flight responses before closing what is left.
  public var shutdownGracePeriod: Duration
  /// How many event loop threads share the connections; defaults to the number of cores.
  public var eventLoopCount: Int
  /// How far an `EventStream` may fall behind a slow client before it is dropped.
  public var maximumStreamBufferBytes: Int
  /// Which `Host` names are answered (see `HostPolicy`): by default IP addresses, `localhost`
  /// and names under `.localhost`; others get 403 before any handler runs.
  public var hostPolicy: HostPolicy

  /// Creates a configuration; every limit has a development-friendly default.
  ///
  /// ```swift
  /// let configuration = ServerConfiguration(port: 8080, publicRoot: "public")
  /// ```
  public init(
    host: String = "127.0.0.1",
    port: Int = 8080,
    publicRoot: String? = "public",
    quiet: Bool = false,
    requestLimits: RequestLimits = RequestLimits(),
    maximumConnections: Int = 1024,
    requestReadTimeout: Duration = .seconds(10),
    idleTimeout: Duration = .seconds(30),
    writeTimeout: Duration = .seconds(30),
    shutdownGracePeriod: Duration = .seconds(5),
    eventLoopCount: Int? = nil,
    maximumStreamBufferBytes: Int = 1024 * 1024,
    hostPolicy: HostPolicy = HostPolicy()
  ) {
    self.host = host
    self.port = port
    self.publicRoot = publicRoot
    self.quiet = quiet
    self.requestLimits = requestLimits
    self.maximumConnections = maximumConnections
    self.requestReadTimeout = requestReadTimeout
    self.idleTimeout = idleTimeout
    self.writeTimeout = writeTimeout
    self.shutdownGracePeriod = shutdownGracePeriod
    self.eventLoopCount = eventLoopCount ?? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    self.maximumStreamBufferBytes = maximumStreamBufferBytes
    self.hostPolicy = hostPolicy
  }
}
