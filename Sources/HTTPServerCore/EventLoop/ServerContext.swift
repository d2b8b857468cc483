import Glibc
import Synchronization

/// What every event loop of one server shares.
// Safe: immutable but for its atomics (the stop flag, the connection count).
final class ServerContext: @unchecked Sendable {
  let configuration: ServerConfiguration
  let router: HTTPServer.Router?
  /// Answers what the router passed (StaticServe's static files); `nil`: 404.
  let fallback: HTTPServer.Router?
  let listenDescriptor: Int32
  let openConnections = Atomic<Int>(0)
  let isStopping = Atomic<Bool>(false)

  init(configuration: ServerConfiguration, router: HTTPServer.Router?, fallback: HTTPServer.Router?, listenDescriptor: Int32) {
    self.configuration = configuration
    self.router = router
    self.fallback = fallback
    self.listenDescriptor = listenDescriptor
  }

  /// Writes one line to standard error in a single `write`, so lines from loops never interleave.
  func log(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}
