import Synchronization
import NavDOMSupport

/// The open end of a streamed response (Server-Sent Events): send chunks to it from any
/// thread; it notices when the client disconnects.
///
/// ```swift
/// let server = HTTPServer(configuration: configuration) { request in
///   guard request.path == "/live" else { return nil }
///   return .eventStream { stream in
///     Thread.detachNewThread {
///       var count = 0
///       while stream.send(event: "tick", data: "\(count)") {   // false once the client left
///         count += 1
///         sleep(1)
///       }
///     }
///   }
/// }
/// ```
// Safe: its mutable state lives in a Mutex; the rest is immutable.
public final class EventStream: @unchecked Sendable {
  private struct State {
    var pending: [UInt8] = []
    var isClosed = false
    var closeRequested = false
    var flushScheduled = false
    var closeHandlers: [@Sendable () -> Void] = []
  }

  private let state = Locked(State())
  private let usesChunkedFraming: Bool
  private let maximumPendingBytes: Int
  private let scheduleFlush: @Sendable () -> Void

  init(usesChunkedFraming: Bool, maximumPendingBytes: Int, scheduleFlush: @escaping @Sendable () -> Void) {
    self.usesChunkedFraming = usesChunkedFraming
    self.maximumPendingBytes = maximumPendingBytes
    self.scheduleFlush = scheduleFlush
  }

  /// Whether the stream can still carry data (neither side has closed it).
  ///
  /// ```swift
  /// if stream.isOpen { stream.send("data: still here\n\n") }
  /// ```
  public var isOpen: Bool { state.withLock { !$0.isClosed && !$0.closeRequested } }

  /// Sends raw bytes as the next piece of the body.
  ///
  /// ```swift
  /// stream.send(bytes: Array("data: {\"patches\":[]}\n\n".utf8))
  /// ```
  ///
  /// - Returns: `false` when the stream is closed (the client left, or it fell more than the
  ///   configured buffer behind and was dropped); the bytes were not sent.
  @discardableResult
  public func send(bytes: [UInt8]) -> Bool {
    if bytes.isEmpty { return isOpen }
    var overflowed = false
    // The chunk's size line is built before taking the lock, which every sender shares.
    let chunkHeader = usesChunkedFraming ? Array(String(bytes.count, radix: 16).utf8) + [0x0D, 0x0A] : []
    let shouldSchedule = state.withLock { state -> Bool? in
      if state.isClosed || state.closeRequested { return nil }
      if state.pending.count + bytes.count > maximumPendingBytes {
        state.closeRequested = true
        overflowed = true
      } else if usesChunkedFraming {
        state.pending.append(contentsOf: chunkHeader)
        state.pending.append(contentsOf: bytes)
        state.pending.append(contentsOf: [0x0D, 0x0A])
      } else {
        state.pending.append(contentsOf: bytes)
      }
      if state.flushScheduled { return false }
      state.flushScheduled = true
      return true
    }
    guard let shouldSchedule else { return false }
    if shouldSchedule { scheduleFlush() }
    return !overflowed
  }

  /// Sends text, encoded as UTF-8, as the next piece of the body.
  ///
  /// ```swift
  /// stream.send(": keep-alive\n\n")
  /// ```
  @discardableResult
  public func send(_ text: String) -> Bool {
    send(bytes: Array(text.utf8))
  }

  /// Sends one Server-Sent Event; multi-line data becomes several `data:` lines.
  ///
  /// ```swift
  /// stream.send(event: "patches", data: #"[{"op":"text","id":4,"value":"3 items"}]"#, id: "17")
  /// ```
  ///
  /// - Parameters:
  ///   - event: The event type (`event:` line), or `nil` for the default `message`.
  ///   - data: The payload.
  ///   - id: The last-event id (`id:` line), or `nil`.
  /// - Returns: `false` when the stream is closed.
  @discardableResult
  public func send(event: String? = nil, data: String, id: String? = nil) -> Bool {
    var text = ""
    if let event { text += "event: \(EventStream.singleLine(event))\n" }
    if let id { text += "id: \(EventStream.singleLine(id))\n" }
    for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
      text += "data: \(line.hasSuffix("\r") ? line.dropLast() : line)\n"
    }
    text += "\n"
    return send(text)
  }

  /// Ends the response (the client sees the end of the body); later sends return `false`.
  ///
  /// ```swift
  /// stream.close()
  /// ```
  public func close() {
    let shouldSchedule = state.withLock { state -> Bool in
      if state.isClosed || state.closeRequested { return false }
      state.closeRequested = true
      if state.flushScheduled { return false }
      state.flushScheduled = true
      return true
    }
    if shouldSchedule { scheduleFlush() }
  }

  /// Registers an action to run once when the stream closes for any reason (client gone,
  /// `close()`, server shutdown). Runs on the event loop thread, or at once if already closed.
  ///
  /// ```swift
  /// stream.onClose { sessions.remove(id) }
  /// ```
  public func onClose(_ action: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state -> Bool in
      if state.isClosed { return true }
      state.closeHandlers.append(action)
      return false
    }
    if runNow { action() }
  }

  // MARK: - Event loop side

  /// Takes the bytes waiting to go out, and whether the body should end after them.
  func takePending() -> (bytes: [UInt8], endOfStream: Bool) {
    state.withLock { state in
      state.flushScheduled = false
      let bytes = state.pending
      state.pending = []
      return (bytes, state.closeRequested)
    }
  }

  /// The bytes that end the body.
  var terminator: [UInt8] { usesChunkedFraming ? Array("0\r\n\r\n".utf8) : [] }

  /// Marks the stream closed and runs the close handlers (once).
  func markClosed() {
    let handlers = state.withLock { state -> [@Sendable () -> Void] in
      if state.isClosed { return [] }
      state.isClosed = true
      state.pending = []
      let handlers = state.closeHandlers
      state.closeHandlers = []
      return handlers
    }
    for handler in handlers { handler() }
  }

  private static func singleLine(_ text: String) -> String {
    String(text.filter { $0 != "\n" && $0 != "\r" })
  }
}
