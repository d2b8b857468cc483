import Synchronization

/// One client connection's state; owned and touched only by its event loop's thread. Not
/// `Sendable`: other threads name it by its ``token`` (through the loop's ``LoopInbox``).
final class Connection {
  let descriptor: Int32
  /// How other threads name this connection.
  let token: ConnectionToken
  var parser: HTTPRequestParser
  /// Bytes queued for the client; those before `outputOffset` are already sent.
  var output: [UInt8] = []
  var outputOffset = 0
  /// A file body being sent after `output` drains.
  var file: FileBody?
  var fileOffset = 0
  /// The open streamed response, if any; requests after it wait until it ends.
  var stream: EventStream?
  /// The deferred response being made for this connection, if any; requests after it wait.
  var awaiting: DeferredResponse?
  /// Whether the connection stays open after the stream ends.
  var streamKeepsAlive = false
  /// Close once everything queued has been sent.
  var closeAfterWrite = false
  /// The client sent FIN: answer what is complete, then close.
  var peerClosed = false
  var isClosed = false
  /// The epoll events currently registered.
  var registeredEvents: UInt32 = 0
  /// When the first byte of the request being read arrived.
  var requestStartedAt: UInt64?
  /// When the connection last became idle (opened, or finished a response).
  var idleSince: UInt64
  var lastWriteProgress: UInt64
  var servedRequests = 0

  init(descriptor: Int32, generation: UInt64, limits: RequestLimits, now: UInt64) {
    self.descriptor = descriptor
    token = ConnectionToken(descriptor: descriptor, generation: generation)
    self.parser = HTTPRequestParser(limits: limits)
    self.idleSince = now
    self.lastWriteProgress = now
  }

  var hasPendingOutput: Bool { outputOffset < output.count || file != nil }
}

/// A deferred response on its way: where it goes once made. `complete` may be called from any
/// thread, more than once; only the first call is delivered (to the connection's event loop).
final class DeferredResponse: Sendable {
  /// The connection it answers, looked up on the loop's thread when it is delivered.
  let connection: ConnectionToken
  let request: HTTPRequest
  let keepAlive: Bool
  let started: UInt64
  private let isCompleted = Atomic<Bool>(false)

  init(connection: ConnectionToken, request: HTTPRequest, keepAlive: Bool, started: UInt64) {
    self.connection = connection
    self.request = request
    self.keepAlive = keepAlive
    self.started = started
  }

  /// Whether this call is the first: the caller then delivers the response.
  func claimCompletion() -> Bool {
    !isCompleted.exchange(true, ordering: .acquiringAndReleasing)
  }
}
