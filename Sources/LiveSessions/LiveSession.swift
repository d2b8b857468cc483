import Dispatch
import Foundation
import NavigationCore
import StaticServe
import NavDOMSupport
import WorkScheduling

/// One visitor's live session: their running app, the mailbox its work runs in, and the
/// streams that carry server-side changes to their page.
///
/// Every piece of app work for the session (an event, a push, `LiveServer.perform`) is a job of
/// `mailbox`, run one at a time on the server's ``WorkerPool``; different sessions run at once
/// on the pool's workers.
///
/// The app's state changes only in those jobs (its model is not `Sendable`), so the jobs are
/// where changes are noticed: what a job changed and did not answer with is queued for the
/// page's stream as it ends, a stream that opens gets what changed while none was open, and
/// nothing polls the sessions.
final class LiveSession: @unchecked Sendable {
  // Safe: `app` (not Sendable) is touched only from jobs of `mailbox`, which run one at a
  // time; everything else is `Sendable` or in `state`, under its lock.
  let id: String
  let app: AppSession
  let mailbox: SerialMailbox
  private let state: Locked<State>

  /// What other threads read and change about the session, always under `state`'s lock.
  private struct State: Sendable {
    var lastUsedAt: ContinuousClock.Instant
    var openStreams: [ObjectIdentifier: EventStream] = [:]
    var jobStartedAt: ContinuousClock.Instant?
    /// The worker running this session's job now, to run `runAndWait` from inside it at once.
    var runningOn: pthread_t?
    /// A push job is waiting in the mailbox: `queuePush` adds no second one.
    var pushQueued = false
    /// Replies of events that finished after their request had been answered 503: the page
    /// gets them over its stream, so it does not fall out of step.
    var lateReplies: [String] = []
  }

  init(id: String, app: AppSession, pool: WorkerPool, now: ContinuousClock.Instant) {
    self.id = id
    self.app = app
    self.mailbox = SerialMailbox(pool: pool)
    state = Locked(State(lastUsedAt: now))
  }

  /// When the session was last used, for eviction: `listening` while a page listens on its
  /// stream (an open tab is in use even when no request comes).
  func usedAt(listening: ContinuousClock.Instant) -> ContinuousClock.Instant {
    state.withLock { $0.openStreams.isEmpty ? $0.lastUsedAt : max($0.lastUsedAt, listening) }
  }
  var streams: [EventStream] { state.withLock { Array($0.openStreams.values) } }
  var hasStreams: Bool { state.withLock { !$0.openStreams.isEmpty } }

  func touch(_ now: ContinuousClock.Instant = .now) { state.withLock { $0.lastUsedAt = now } }

  /// Adds a page's stream, and sends it what changed while no stream was open.
  func attach(_ stream: EventStream) {
    let key = ObjectIdentifier(stream)
    state.withLock { $0.openStreams[key] = stream }
    stream.onClose { [weak self] in
      self?.state.withLock {
        _ = $0.openStreams.removeValue(forKey: key)
        $0.lastUsedAt = .now  // idle from the moment the page stopped listening
      }
    }
    queuePush()
  }

  func closeStreams() {
    for stream in streams { stream.close() }
  }

  /// How long the job running now has run, if one is running.
  func busyFor(now: ContinuousClock.Instant) -> Duration? {
    state.withLock { $0.jobStartedAt.map { now - $0 } }
  }

  /// Runs `work` with the app in the session's mailbox, later; `done` gets its result there.
  func run<Result>(_ work: @escaping @Sendable (AppSession) -> Result, done: @escaping @Sendable (Result) -> Void) {
    mailbox.enqueue { [self] in
      let result = runNow(work)
      pushIfChanged()
      done(result)
    }
  }

  /// Runs `work` with the app in the session's mailbox and waits for it; at once when called
  /// from this session's own job (waiting there would wait for itself).
  func runAndWait<Result>(_ work: (AppSession) -> Result) -> Result {
    if isRunningHere { return work(app) }
    return withoutActuallyEscaping(work) { work in
      // Safe to share: the caller waits below until the job has run, and only the job reads
      // `work` and writes `result`.
      let job = WaitingJob(work: work)
      mailbox.enqueue { [self] in
        job.result = runNow(job.work!)
        job.work = nil  // the caller's closure must not outlive its wait
        pushIfChanged()
        job.done.signal()
      }
      job.done.wait()
      return job.result!
    }
  }

  /// Whether the calling thread is running this session's job.
  var isRunningHere: Bool {
    let me = pthread_self()
    return state.withLock { $0.runningOn.map { pthread_equal($0, me) != 0 } ?? false }
  }

  private func runNow<Result>(_ work: (AppSession) -> Result) -> Result {
    state.withLock {
      $0.jobStartedAt = .now
      $0.runningOn = pthread_self()
    }
    defer {
      state.withLock {
        $0.jobStartedAt = nil
        $0.runningOn = nil
      }
    }
    return work(app)
  }

  /// On the session's job, after the caller's work: what it changed and did not answer with
  /// (an event's reply takes its changes; `perform`'s work leaves them) goes to the streams.
  private func pushIfChanged() {
    if app.runtime.hasPendingChanges { queuePush() }
  }

  /// Applies `change` in the session's mailbox, then sends what it changed to the page's
  /// streams at once.
  func apply(_ change: @escaping @Sendable (AppSession) -> Void) {
    mailbox.enqueue { [self] in
      runNow(change)
      sendPending()
    }
  }

  /// Queues one push job (unless one is already waiting): late replies and the app's pending
  /// changes go to the open streams. Never waits.
  func queuePush() {
    let queue = state.withLock { state -> Bool in
      defer { state.pushQueued = true }
      return !state.pushQueued
    }
    guard queue else { return }
    mailbox.enqueue { [self] in
      state.withLock { $0.pushQueued = false }
      sendPending()
    }
  }

  /// On the session's job: late replies, then the app's pending changes, to every open stream.
  private func sendPending() {
    guard hasStreams else { return }  // the change stays pending until a stream opens
    var messages = takeLateReplies()
    if let reply = runNow({ $0.takePendingReply() }) { messages.append(reply) }
    for message in messages {
      for stream in streams { _ = stream.send(data: message) }
    }
  }

  /// Keeps the reply of an event answered 503 and sends it over the page's stream.
  func keepLateReply(_ reply: String) {
    state.withLock { $0.lateReplies.append(reply) }
    queuePush()
  }

  func takeLateReplies() -> [String] {
    state.withLock { state in
      defer { state.lateReplies.removeAll() }
      return state.lateReplies
    }
  }
}

/// Whether a request has been answered: the first of the app's reply and the time limit wins.
final class Answered: Sendable {
  private let isAnswered = Locked(false)

  /// `true` for the first caller only.
  func claim() -> Bool {
    isAnswered.withLock { isAnswered in
      defer { isAnswered = true }
      return !isAnswered
    }
  }
}

/// A caller's closure and its result, shared with the job that runs it while the caller waits.
private final class WaitingJob<Result>: @unchecked Sendable {
  // Safe: `work` is read and cleared only by the job; `result` is written by the job and read
  // by the caller after `done`, both under `lock` (which also lets ThreadSanitizer see the order).
  var work: ((AppSession) -> Result)?
  private let lock = NSLock()
  private var stored: Result?
  let done = DispatchSemaphore(value: 0)

  init(work: @escaping (AppSession) -> Result) { self.work = work }

  var result: Result? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
