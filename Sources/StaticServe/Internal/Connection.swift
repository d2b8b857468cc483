/// One client connection's state; owned and touched only by its event loop's thread.
final class Connection {
  let descriptor: Int32
  var parser: HTTPRequestParser
  /// Bytes queued for the client; those before `outputOffset` are already sent.
  var output: [UInt8] = []
  var outputOffset = 0
  /// A file body being sent after `output` drains.
  var file: FileBody?
  var fileOffset = 0
  /// The open streamed response, if any; requests after it wait until it ends.
  var stream: EventStream?
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

  init(descriptor: Int32, limits: RequestLimits, now: UInt64) {
    self.descriptor = descriptor
    self.parser = HTTPRequestParser(limits: limits)
    self.idleSince = now
    self.lastWriteProgress = now
  }

  var hasPendingOutput: Bool { outputOffset < output.count || file != nil }
}
