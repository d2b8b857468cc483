import Foundation
import HTMLRenderer
import NavigationCore
import StaticServe
import VirtualDOM
import NavDOMSupport
import WorkScheduling

/// Serves an app live: every page request renders the app's state for that URL on the server
/// and starts a session; browser events come back to `/_navdom/event` and are answered with
/// patches; changes made on the server (timers, background work) are pushed over Server-Sent
/// Events at `/_navdom/stream`. Everything else falls through to static files.
///
/// ```swift
/// let live = LiveServer(app: inventoryApp)
/// let server = HTTPServer(configuration: ServerConfiguration(port: 8080), router: live.router)
/// live.startExpiringIdleSessions()
/// try server.run()
/// ```
///
/// Each session's app work (events, pushes, `perform`) runs in that session's own mailbox, one
/// job at a time, on a fixed pool of `LiveSessionLimits.workers` threads (the cores the process
/// may use), off the HTTP event loops: different sessions run in parallel, static files and
/// event streams never wait for app work, and the thread count does not grow with the load.
/// An event the app takes longer than `LiveSessionLimits.eventTimeLimit` to answer gets a 503
/// with a reason; its patches, once ready, reach the page over its stream, and the session
/// stays usable. A job that blocks holds one worker: the others serve the other sessions.
public final class LiveServer: Sendable {
  public let app: LiveApp
  public let limits: LiveSessionLimits

  /// The live sessions by id, under a lock held briefly and never around app work.
  private let sessions = Locked(SessionTable())
  /// The expiry thread's run: each start gets a new number, and a thread whose number is no
  /// longer the current one (a stop came since) ends; `nil` while stopped.
  private let expiryRun = Locked(ExpiryRun())
  /// Where pages render and every session's jobs run.
  private let workers: WorkerPool
  /// The time limits of the events in flight, on a helper thread of their own.
  private let deadlines = EventDeadlines()

  public init(app: LiveApp, limits: LiveSessionLimits = LiveSessionLimits()) {
    self.app = app
    self.limits = limits
    workers = WorkerPool(width: limits.workers)
  }

  deinit {
    deadlines.stop()
  }

  /// The router to give `HTTPServer`: pages (gzip'd for clients that accept it), events and
  /// the update stream.
  public var router: HTTPServer.Router {
    PageCompression.compressing { [self] request in self.respond(to: request) }
  }

  /// How many sessions are alive.
  public var sessionCount: Int { sessions.withLock { $0.count } }

  /// Runs `body` with a session's app in that session's mailbox and waits for it (for changes
  /// made on the server, such as a timer's); the change reaches the browser through the stream.
  /// From that session's own event, `body` runs at once. `false` if no such session, or when
  /// called from another session's work (waiting there could wait in a circle): use
  /// ``performOnEverySession(_:)`` or ``perform(onSession:_:)``, which never wait, from there.
  ///
  /// ```swift
  /// live.perform(session: id) { $0.model(as: InventoryModel.self)?.items.removeAll() }
  /// ```
  @discardableResult
  public func perform(session id: String, _ body: @Sendable (AppSession) -> Void) -> Bool {
    result(inSession: id, body) != nil
  }

  /// Runs `body` with a session's app in that session's mailbox, waits for it and gives what it
  /// returned; `nil` when ``perform(session:_:)`` would answer `false`. `body` is `@Sendable`
  /// and its result `Sendable`, so the app cannot leave the session's job (a stored app would
  /// race with the session's own events).
  ///
  /// ```swift
  /// let count = live.result(inSession: id) { $0.model(as: InventoryModel.self)?.items.count }
  /// ```
  public func result<Value: Sendable>(inSession id: String, _ body: @Sendable (AppSession) -> Value) -> Value? {
    guard let session = liveSession(id) else { return nil }
    if !session.isRunningHere && workers.isWorkerThread { return nil }
    return session.runAndWait { app, _ in body(app) }
  }


  /// Applies `body` to one session's app in that session's mailbox, later, and sends its
  /// changes to the page's stream; returns at once, from any thread. `false` if no such session.
  ///
  /// ```swift
  /// live.perform(onSession: id) { $0.model(as: InventoryModel.self)?.items.removeAll() }
  /// ```
  @discardableResult
  public func perform(onSession id: String, _ body: @escaping @Sendable (AppSession) -> Void) -> Bool {
    guard let session = sessions.withLock({ $0[id] }) else { return false }
    session.apply(body)
    return true
  }

  /// Applies `body` to every live session's app, each in its own mailbox (as an event would
  /// run), for a change that concerns every visitor: a record another visitor added, a message
  /// from elsewhere. Each page gets its change over its stream as soon as its session has
  /// applied it. It never waits for a session, so it is safe from anywhere: a session's own
  /// event, two sessions at once, a background thread, `onServe`. Returns how many sessions it
  /// queued the change for.
  ///
  /// ```swift
  /// live.performOnEverySession { session in
  ///   session.model(as: InventoryModel.self)?.items.append(Item(id: 9, name: "Lamp", color: .red))
  /// }
  /// ```
  @discardableResult
  public func performOnEverySession(_ body: @escaping @Sendable (AppSession) -> Void) -> Int {
    let all = sessions.withLock { $0.all }
    for session in all { session.apply(body) }
    return all.count
  }

  // MARK: Requests

  /// The live session with this id, if the server has it.
  func liveSession(_ id: String) -> LiveSession? { sessions.withLock { $0[id] } }

  func respond(to request: HTTPRequest) -> HTTPResponse? {
    if let file = BuiltInFiles.response(to: request) { return file }
    switch (request.method, request.path) {
    case (.post, "/_navdom/event"): return handleEvent(request)
    case (_, "/_navdom/event"): return .error(.methodNotAllowed, detail: "events are POSTed")
    case (.get, "/_navdom/stream"): return handleStream(request)
    case (.get, "/_navdom/resync"): return handleResync(request)
    case (.post, NoScriptForms.endpoint): return NoScriptSubmission.respond(to: request, server: self)
    case (.get, _), (.head, _):
      if request.path.hasPrefix("/_navdom/") { return .error(.notFound) }
      return request.namesAFile ? nil : handlePage(request)
    default: return nil
    }
  }

  /// A page, rendered off the event loop: GET starts a session for it; HEAD gives the same
  /// headers (the server drops the body) without starting a session nobody will use. A URL the
  /// app does not have falls through to the static files (their 404 page).
  private func handlePage(_ request: HTTPRequest) -> HTTPResponse {
    .deferred { [self] complete in
      workers.run { [self] in
        if let resumed = resumedPage(for: request) { return complete(resumed) }  // docs/NO-SCRIPT.md
        // The visitor's storage is current while the app starts the session (VisitorStorage).
        let visitor = VisitorCookie.visitor(of: request)
        let visitorID = visitor ?? Self.newSessionID()
        let storage = VisitorCookie.storage(for: visitorID, in: PubSub.shared.visitors)
        let started = VisitorStorage.using(storage) { app.startSession(request.appURL) }
        let appSession: AppSession
        switch started {
        case .success(let session): appSession = session
        case .failure(let error):
          // Not the app's: its own 404 page, else the static files answer.
          complete(LivePage.notFound(app: app, error: error))
          return
        }
        guard request.method == .get else {
          complete(LivePage.response(app: app, session: appSession, sessionID: nil))
          return
        }
        let id = Self.newSessionID()
        let now = ContinuousClock.now
        var response = LivePage.response(app: app, session: appSession, sessionID: id)
        if visitor == nil { response.headers["Set-Cookie"] = VisitorCookie.header(for: visitorID) }
        if response.status == .ok {
          let session = LiveSession(id: id, app: appSession, pool: workers, now: now)
          let evicted = sessions.withLock { sessions in
            defer { sessions.insert(session, now: now) }
            return sessions.evict(idleFor: limits.idleTimeout, keepingBelow: limits.maximumSessions, now: now)
          }
          for old in evicted { old.end() }
        }
        complete(response)
      }
    }
  }

  private func handleEvent(_ request: HTTPRequest) -> HTTPResponse {
    if let refusal = request.crossOriginRefusal { return refusal }
    guard request.body.count <= limits.maximumEventBytes else {
      return Self.failure(.contentTooLarge, "event body larger than \(limits.maximumEventBytes) bytes")
    }
    let event: LiveEvent
    do { event = try LiveEvent.parse(request.body) } catch { return Self.failure(.badRequest, error.reason) }
    guard let session = sessions.withLock({ $0[event.session] }) else {
      return Self.sessionGone
    }
    let now = ContinuousClock.now
    session.touch(now)
    if let busy = session.busyFor(now: now), busy > limits.eventTimeLimit {
      return Self.failure(.serviceUnavailable, "the app is still busy with an earlier event (\(busy) so far); try again")
    }
    let timeLimit = limits.eventTimeLimit
    return .deferred { [deadlines] complete in
      let answered = FirstAnswerWins()
      let deadline = deadlines.add(at: .now + timeLimit) {
        guard answered.claim() else { return }
        complete(Self.failure(.serviceUnavailable, "the app took longer than \(timeLimit) to answer this event; its changes will arrive on the page's stream"))
      }
      session.run({ session in Self.answer(event, in: session) }) { answer in
        deadlines.remove(deadline)
        switch answer {
        case .reply(let reply):
          if answered.claim() {
            complete(.json(reply, compressingFor: request))
          } else {
            session.keepLateReply(reply)  // the page heard 503: send the patches over its stream
          }
        case .refusal(let refusal):
          if answered.claim() { complete(refusal) }
        }
      }
    }
  }

  /// The app's answer to one event, worked out in its session's mailbox; a reply is numbered.
  private static func answer(_ event: LiveEvent, in session: isolated LiveSession) -> EventAnswer {
    let app = session.app
    if event.id == 0 && event.event == "popstate" {
      guard let url = event.payload.value, let reply = app.followHistory(to: url) else {
        return .refusal(failure(.badRequest, "popstate to a URL the app does not have"))
      }
      return .reply(session.numbered(reply))
    }
    switch app.reply(to: event.event, on: event.id, payload: event.payload) {
    case .success(let reply): return .reply(session.numbered(reply))
    case .failure(let error): return .refusal(failure(HTTPStatus(code: 409), error.reason))
    }
  }

  /// An event's outcome: the reply JSON, or the 4xx that refused it.
  private enum EventAnswer: Sendable {
    case reply(String)
    case refusal(HTTPResponse)
  }

  private func handleStream(_ request: HTTPRequest) -> HTTPResponse {
    if let refusal = request.crossOriginRefusal { return refusal }
    guard let id = Self.queryValue("session", in: request.query) else {
      return Self.failure(.badRequest, "missing session")
    }
    guard let session = sessions.withLock({ $0[id] }), !session.hasEnded else { return Self.sessionGone }
    return .eventStream { stream in session.attach(stream) }
  }

  /// The answer for a session this server does not have (expired, evicted, or another
  /// server's): 410 Gone, which runtime.js answers by reloading its current URL.
  static var sessionGone: HTTPResponse {
    failure(HTTPStatus(code: 410), "unknown or expired session; reload the page")
  }

  // MARK: Server-side changes and expiry

  /// Starts the background thread that drops idle sessions, every `limits.pushInterval`
  /// (changes reach open streams without it: a session sends what its work changed as that
  /// work ends, and what changed while no stream was open when one opens). Calling it again
  /// while it runs does nothing; after ``stop()`` it starts one thread again, and the one that
  /// stop ended does not come back.
  ///
  /// ```swift
  /// let live = LiveServer(app: app)
  /// live.startExpiringIdleSessions()
  /// ```
  public func startExpiringIdleSessions() {
    let run = expiryRun.withLock { run -> Int? in
      guard run.current == nil else { return nil }
      run.started += 1
      run.current = run.started
      return run.started
    }
    guard let run else { return }
    let thread = Thread { [self] in
      expiryRun.withLock { $0.threads += 1 }
      defer { expiryRun.withLock { $0.threads -= 1 } }
      while expiryRun.withLock({ $0.current == run }) {
        expireIdleSessions()
        Thread.sleep(forTimeInterval: limits.pushInterval.inSeconds)
      }
    }
    thread.name = "navdom-live-expiry"
    thread.start()
  }

  /// Starts the expiry thread.
  ///
  /// ```swift
  /// live.startPushing()
  /// ```
  @available(*, deprecated, renamed: "startExpiringIdleSessions()")
  public func startPushing() { startExpiringIdleSessions() }

  /// Stops the expiry thread (it ends at its next wake-up); open streams are closed.
  public func stop() {
    expiryRun.withLock { $0.current = nil }
    let all = sessions.withLock { $0.all }
    for session in all { session.closeStreams() }
  }

  /// How many expiry threads are running now (one at most once a stopped one has woken).
  var expiryThreads: Int { expiryRun.withLock { $0.threads } }

  /// Drops idle sessions, then has each session with an open stream send it what changed on
  /// the server (a job in each session's mailbox, unless it is busy; this never waits for a
  /// session). Sessions send their changes by themselves; this makes sure of it, for tests.
  public func pushPendingChanges() {
    let now = ContinuousClock.now
    expireIdleSessions(now: now)
    for session in sessions.withLock({ $0.all }) where session.hasStreams {
      if session.busyFor(now: now) == nil { session.queuePush() }
    }
  }

  /// The expiry thread's round: drops the sessions idle for longer than the limit (a look at
  /// the heap's top when none is).
  func expireIdleSessions(now: ContinuousClock.Instant = .now) {
    let expired = sessions.withLock { $0.evict(idleFor: limits.idleTimeout, keepingBelow: .max, now: now) }
    for session in expired { session.end() }
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
  package static func newSessionID() -> String {
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

/// The expiry thread's bookkeeping (``LiveServer/startExpiringIdleSessions()``).
struct ExpiryRun: Sendable {
  /// The run the live thread belongs to; `nil` while stopped.
  var current: Int?
  var started = 0
  var threads = 0
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
    json(text).compressed(for: request)
  }
}
