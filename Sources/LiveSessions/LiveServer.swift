import Foundation
import HTMLRenderer
import NavigationCore
import StaticServe
import VirtualDOM

/// Serves an app live: every page request renders the app's state for that URL on the server
/// and starts a session; browser events come back to `/_navdom/event` and are answered with
/// patches; changes made on the server (timers, background work) are pushed over Server-Sent
/// Events at `/_navdom/stream`. Everything else falls through to static files.
///
/// ```swift
/// let live = LiveServer(app: inventoryApp)
/// let server = HTTPServer(configuration: ServerConfiguration(port: 8080), router: live.router)
/// live.startPushing()
/// try server.run()
/// ```
///
/// Observation and the app's models are single-threaded, while the HTTP server runs one event
/// loop per core: all app work happens under one lock, so sessions never race each other.
public final class LiveServer: @unchecked Sendable {
  public let app: LiveApp
  public let limits: LiveSessionLimits

  private let lock = NSLock()
  private var sessions: [String: Record] = [:]
  private var pushThread: Thread?
  private var isPushing = false

  final class Record {
    let session: AppSession
    var lastUsed: ContinuousClock.Instant
    var streams: [ObjectIdentifier: EventStream] = [:]

    init(session: AppSession, now: ContinuousClock.Instant) {
      self.session = session
      lastUsed = now
    }
  }

  public init(app: LiveApp, limits: LiveSessionLimits = LiveSessionLimits()) {
    self.app = app
    self.limits = limits
  }

  /// The router to give `HTTPServer`: pages, events and the update stream.
  public var router: HTTPServer.Router {
    { [self] request in self.respond(to: request) }
  }

  /// How many sessions are alive.
  public var sessionCount: Int { lock.withLock { sessions.count } }

  /// Runs `body` with a session's app under the app lock (for changes made on the server, such
  /// as a timer's); the change reaches the browser through the stream. `false` if no such session.
  @discardableResult
  public func perform(session id: String, _ body: (AppSession) -> Void) -> Bool {
    lock.withLock {
      guard let record = sessions[id] else { return false }
      body(record.session)
      return true
    }
  }

  // MARK: Requests

  func respond(to request: HTTPRequest) -> HTTPResponse? {
    switch (request.method, request.path) {
    case (.post, "/_navdom/event"): return handleEvent(request)
    case (_, "/_navdom/event"): return .error(.methodNotAllowed, detail: "events are POSTed")
    case (.get, "/_navdom/stream"): return handleStream(request)
    case (.get, _), (.head, _):
      if request.path.hasPrefix("/_navdom/") { return .error(.notFound) }
      return request.namesAFile ? nil : handlePage(request)
    default: return nil
    }
  }

  /// A page: GET starts a session for it; HEAD gives the same headers (the server drops the
  /// body) without starting a session nobody will use.
  private func handlePage(_ request: HTTPRequest) -> HTTPResponse? {
    lock.withLock { () -> HTTPResponse? in
      guard let session = app.makeSession(request.appURL) else { return nil }
      guard request.method == .get else { return LivePage.response(app: app, session: session, sessionID: nil) }
      let id = Self.newSessionID()
      let now = ContinuousClock.now
      evictIfFull(now: now)
      let response = LivePage.response(app: app, session: session, sessionID: id)
      if response.status == .ok { sessions[id] = Record(session: session, now: now) }
      return response
    }
  }

  private func handleEvent(_ request: HTTPRequest) -> HTTPResponse {
    guard request.body.count <= limits.maximumEventBytes else {
      return Self.failure(.contentTooLarge, "event body larger than \(limits.maximumEventBytes) bytes")
    }
    let event: LiveEvent
    do { event = try LiveEvent.parse(request.body) } catch { return Self.failure(.badRequest, error.reason) }
    // Only the app's work holds the lock every session shares; compressing the reply does not.
    let answer = lock.withLock { () -> EventAnswer in
      guard let record = sessions[event.session] else {
        return .refusal(Self.failure(.notFound, "unknown or expired session; reload the page"))
      }
      record.lastUsed = .now
      if event.id == 0 && event.event == "popstate" {
        guard let url = event.payload.value, let reply = record.session.popState(to: url) else {
          return .refusal(Self.failure(.badRequest, "popstate to a URL the app does not have"))
        }
        return .reply(reply)
      }
      switch record.session.dispatch(id: event.id, event: event.event, payload: event.payload) {
      case .success(let reply): return .reply(reply)
      case .failure(let error): return .refusal(Self.failure(HTTPStatus(code: 409), error.reason))
      }
    }
    switch answer {
    case .reply(let reply): return .json(reply, compressingFor: request)
    case .refusal(let refusal): return refusal
    }
  }

  /// An event's outcome: the reply JSON, or the 4xx that refused it.
  private enum EventAnswer {
    case reply(String)
    case refusal(HTTPResponse)
  }

  private func handleStream(_ request: HTTPRequest) -> HTTPResponse {
    guard let id = Self.queryValue("session", in: request.query) else {
      return Self.failure(.badRequest, "missing session")
    }
    let exists = lock.withLock { sessions[id] != nil }
    guard exists else { return Self.failure(.notFound, "unknown or expired session; reload the page") }
    return .eventStream { [self] stream in
      let key = ObjectIdentifier(stream)
      lock.withLock { sessions[id]?.streams[key] = stream }
      stream.onClose { [self] in lock.withLock { _ = sessions[id]?.streams.removeValue(forKey: key) } }
    }
  }

  // MARK: Server-side changes and expiry

  /// Starts the background thread that pushes server-side changes to open streams and drops
  /// idle sessions.
  public func startPushing() {
    lock.withLock {
      guard !isPushing else { return }
      isPushing = true
      let thread = Thread { [self] in
        while lock.withLock({ isPushing }) {
          pushPendingChanges()
          Thread.sleep(forTimeInterval: Double(limits.pushInterval.components.attoseconds) / 1e18 + Double(limits.pushInterval.components.seconds))
        }
      }
      thread.name = "navdom-live-push"
      pushThread = thread
      thread.start()
    }
  }

  /// Stops pushing; open streams are closed.
  public func stop() {
    lock.withLock {
      isPushing = false
      for record in sessions.values { for stream in record.streams.values { stream.close() } }
    }
  }

  /// One round of the push thread: public so tests can drive it without waiting.
  public func pushPendingChanges() {
    lock.withLock {
      let now = ContinuousClock.now
      for (id, record) in sessions {
        if !record.streams.isEmpty { record.lastUsed = now }
        if now - record.lastUsed > limits.idleTimeout {
          sessions[id] = nil
          continue
        }
        guard !record.streams.isEmpty, let message = record.session.takePendingReply() else { continue }
        for stream in record.streams.values { _ = stream.send(data: message) }
      }
    }
  }

  private func evictIfFull(now: ContinuousClock.Instant) {
    for (id, record) in sessions where now - record.lastUsed > limits.idleTimeout { sessions[id] = nil }
    while sessions.count >= limits.maximumSessions,
      let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
    {
      sessions[oldest] = nil
    }
  }

  // MARK: Helpers

  static func failure(_ status: HTTPStatus, _ reason: String) -> HTTPResponse {
    var writer = JSONWriter()
    writer.raw("{\"error\":")
    writer.string(reason)
    writer.raw("}")
    var response = HTTPResponse.json(writer.string)
    response.status = status
    return response
  }

  /// 128 random bits as hex: unguessable, so one visitor cannot act in another's session.
  static func newSessionID() -> String {
    var generator = SystemRandomNumberGenerator()
    let high = generator.next() as UInt64
    let low = generator.next() as UInt64
    return hex(high) + hex(low)
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func queryValue(_ name: String, in query: String?) -> String? {
    guard let query else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 && parts[0] == name { return String(parts[1]) }
    }
    return nil
  }
}

extension HTTPResponse {
  static func json(_ text: String) -> HTTPResponse {
    var response = HTTPResponse.text(text)
    response.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
    response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
    return response
  }

  /// JSON, gzip-compressed when the client accepts it and the body is big enough to gain.
  static func json(_ text: String, compressingFor request: HTTPRequest) -> HTTPResponse {
    var response = json(text)
    // The body already holds the text's bytes; no second copy.
    guard case .bytes(let bytes) = response.body, bytes.count >= 1024,
      request.headers.hasToken("gzip", in: "Accept-Encoding"),
      let compressed = Gzip.compress(bytes), compressed.count < bytes.count
    else { return response }
    response.body = .bytes(compressed)
    response.headers.replaceOrAdd(name: "Content-Encoding", value: "gzip")
    response.headers.replaceOrAdd(name: "Vary", value: "Accept-Encoding")
    return response
  }
}
