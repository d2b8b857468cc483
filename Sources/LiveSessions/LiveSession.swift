import Dispatch
import Foundation
import NavigationCore
import PageProtocol
import StaticServe
import NavDOMSupport
import WorkScheduling

/// One visitor's live session: their running app, the mailbox its work runs in, and the
/// streams that carry server-side changes to their page.
///
/// An actor whose executor is its ``SerialMailbox``: every piece of app work for the session
/// (an event, a push, `LiveServer.perform`) is a job of that mailbox, run one at a time on the
/// server's ``WorkerPool``; different sessions run at once on the pool's workers. The app (its
/// model is not `Sendable`) and the message numbers are the actor's isolated state, so the
/// compiler allows them only inside those jobs; a job enters the actor with `assumeIsolated`,
/// which the mailbox's `checkIsolated` lets through only on the thread running its job.
///
/// The jobs are also where changes are noticed: what a job changed and did not answer with is
/// queued for the page's stream as it ends, a stream that opens gets what changed while none
/// was open, and nothing polls the sessions. Every message made for the page (an event's
/// reply, a push, a snapshot) carries the next number of one sequence (`"seq"`, docs/PROTOCOL.md),
/// so the page applies them in the order they were made whichever way each came.
actor LiveSession {
  nonisolated let id: String
  nonisolated let mailbox: SerialMailbox
  let app: AppSession
  /// The number of the latest message made for the page (0: only the page itself).
  private(set) var sequence = 0
  nonisolated private let state: Locked<State>

  /// What other threads read and change about the session, always under `state`'s lock.
  private struct State: Sendable {
    var lastUsedAt: ContinuousClock.Instant
    var openStreams: [ObjectIdentifier: EventStream] = [:]
    var jobStartedAt: ContinuousClock.Instant?
    /// A push job is waiting in the mailbox: `queuePush` adds no second one.
    var pushQueued = false
    /// Replies of events that finished after their request had been answered 503: the page
    /// gets them over its stream, so it does not fall out of step.
    var lateReplies: [String] = []
    /// The server let the session go: a stream that attaches now is closed at once.
    var isEnded = false
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { mailbox.asUnownedSerialExecutor() }

  init(id: String, app: AppSession, pool: WorkerPool, now: ContinuousClock.Instant) {
    self.id = id
    self.app = app
    self.mailbox = SerialMailbox(pool: pool)
    state = Locked(State(lastUsedAt: now))
  }

  /// When the session was last used, for eviction: `listening` while a page listens on its
  /// stream (an open tab is in use even when no request comes).
  nonisolated func usedAt(listening: ContinuousClock.Instant) -> ContinuousClock.Instant {
    state.withLock { $0.openStreams.isEmpty ? $0.lastUsedAt : max($0.lastUsedAt, listening) }
  }
  nonisolated var streams: [EventStream] { state.withLock { Array($0.openStreams.values) } }
  nonisolated var hasStreams: Bool { state.withLock { !$0.openStreams.isEmpty } }

  nonisolated func touch(_ now: ContinuousClock.Instant = .now) { state.withLock { $0.lastUsedAt = now } }

  /// Adds a page's stream, and sends it what changed while no stream was open. A session the
  /// server has let go (evicted between the stream's lookup and now) closes it at once: the
  /// page's reconnection then hears 410 and reloads.
  nonisolated func attach(_ stream: EventStream) {
    let key = ObjectIdentifier(stream)
    let attached = state.withLock { state -> Bool in
      if state.isEnded { return false }
      state.openStreams[key] = stream
      return true
    }
    guard attached else { return stream.close() }
    stream.onClose { [weak self] in
      self?.state.withLock {
        _ = $0.openStreams.removeValue(forKey: key)
        $0.lastUsedAt = .now  // idle from the moment the page stopped listening
      }
    }
    queuePush()
  }

  /// Whether the server let the session go (``end()``).
  nonisolated var hasEnded: Bool { state.withLock { $0.isEnded } }

  /// The server let the session go (expired or evicted): its streams close, and no stream
  /// attaches any more.
  nonisolated func end() {
    state.withLock { $0.isEnded = true }
    closeStreams()
  }

  nonisolated func closeStreams() {
    for stream in streams { stream.close() }
  }

  /// How long the job running now has run, if one is running.
  nonisolated func busyFor(now: ContinuousClock.Instant) -> Duration? {
    state.withLock { $0.jobStartedAt.map { now - $0 } }
  }

  /// Runs `work` in the session, in a job of its mailbox, later; `done` gets its result there.
  nonisolated func run<Result>(
    _ work: @escaping @Sendable (isolated LiveSession) -> Result, done: @escaping @Sendable (Result) -> Void
  ) {
    inMailbox { session in
      let result = session.timed { work(session) }
      session.pushIfChanged()
      done(result)
    }
  }

  /// Runs `work` with the app (and the number of the latest message the page was sent) and
  /// waits for it; at once when called from the session's own job (waiting there would wait
  /// forever).
  nonisolated func runAndWait<Result: Sendable>(_ work: (AppSession, _ sequence: Int) -> Result) -> Result {
    withoutActuallyEscaping(work) { work in
      let job = WaitingJob(work: work)
      if mailbox.isRunningHere {
        assumeIsolated { job.run(in: $0) }
        return job.waitForResult()  // already done, on this thread
      }
      inMailbox { session in
        job.run(in: session)
        session.pushIfChanged()
      }
      return job.waitForResult()
    }
  }

  /// Whether the calling thread is running this session's job.
  nonisolated var isRunningHere: Bool { mailbox.isRunningHere }

  /// Enters the session (its isolation) in a job of its mailbox.
  nonisolated private func inMailbox(_ body: @escaping @Sendable (isolated LiveSession) -> Void) {
    mailbox.enqueue { [self] in assumeIsolated { body($0) } }
  }

  /// Runs `work`, marking the session busy meanwhile (for `busyFor`).
  func timed<Result>(_ work: () -> Result) -> Result {
    state.withLock { $0.jobStartedAt = .now }
    defer { state.withLock { $0.jobStartedAt = nil } }
    return work()
  }

  /// `reply`'s JSON with the next number of the session's sequence as its `"seq"`
  /// (docs/PROTOCOL.md): the page applies a push that overtook the reply to its event only
  /// after that reply.
  func numbered(_ reply: SessionReply) -> String {
    sequence += 1
    return reply.json(sequence: sequence)
  }

  /// On the session's job, after the caller's work: what it changed and did not answer with
  /// (an event's reply takes its changes; `perform`'s work leaves them) goes to the streams.
  private func pushIfChanged() {
    if app.runtime.hasPendingChanges { queuePush() }
  }

  /// Applies `change` in the session's mailbox, then sends what it changed to the page's
  /// streams at once.
  nonisolated func apply(_ change: @escaping @Sendable (AppSession) -> Void) {
    inMailbox { session in
      session.timed { change(session.app) }
      session.sendPending()
    }
  }

  /// Queues one push job (unless one is already waiting): late replies and the app's pending
  /// changes go to the open streams. Never waits.
  nonisolated func queuePush() {
    let queue = state.withLock { state -> Bool in
      defer { state.pushQueued = true }
      return !state.pushQueued
    }
    guard queue else { return }
    inMailbox { session in
      session.state.withLock { $0.pushQueued = false }
      session.sendPending()
    }
  }

  /// On the session's job: late replies, then the app's pending changes, to every open stream.
  private func sendPending() {
    guard hasStreams else { return }  // the change stays pending until a stream opens
    var messages = takeLateReplies()
    if let reply = timed({ app.takePendingChanges() }) { messages.append(numbered(reply)) }
    for message in messages {
      for stream in streams { _ = stream.send(data: message) }
    }
  }

  /// Keeps the (numbered) reply of an event answered 503 and sends it over the page's stream.
  nonisolated func keepLateReply(_ reply: String) {
    state.withLock { $0.lateReplies.append(reply) }
    queuePush()
  }

  nonisolated func takeLateReplies() -> [String] {
    state.withLock { state in
      defer { state.lateReplies.removeAll() }
      return state.lateReplies
    }
  }
}

/// A caller's closure and its result, shared with the job that runs it while the caller waits.
private final class WaitingJob<Result: Sendable>: @unchecked Sendable {
  // Safe without a convention: `work` may hold what only the caller's thread may touch, and it
  // runs either on the caller's own thread, synchronously (the caller is that session's job),
  // or in a job while the caller is blocked in `waitForResult`, from before the job is enqueued
  // until the job has signalled `done` after its last use of `work`. So `work` runs on one
  // thread at a time, the semaphore orders the caller's uses before and after it, and `work`
  // does not outlive the call (`withoutActuallyEscaping` checks it). `stored` is under `lock`.
  // `work` is handed the app: the public closures that reach it (`LiveServer.perform(session:)`,
  // `result(inSession:)`) are `@Sendable` with a `Sendable` result, so the app cannot be stored
  // where the caller reads it after the call.
  private var work: ((AppSession, Int) -> Result)?
  private let lock = NSLock()
  private var stored: Result?
  private let done = DispatchSemaphore(value: 0)

  init(work: @escaping (AppSession, Int) -> Result) { self.work = work }

  func run(in session: isolated LiveSession) {
    let result = session.timed { callOnce(in: session) }
    lock.withLock { stored = result }
    done.signal()  // `work` is released by now, as `withoutActuallyEscaping` requires
  }

  private func callOnce(in session: isolated LiveSession) -> Result {
    let work = lock.withLock {
      defer { self.work = nil }
      return self.work!
    }
    return work(session.app, session.sequence)
  }

  func waitForResult() -> Result {
    done.wait()
    return lock.withLock { stored! }
  }
}
