import Dispatch
import Foundation
import NavigationCore
import StaticServe

/// One visitor's live session: their running app, the serial queue its work runs on, and the
/// streams that carry server-side changes to their page.
///
/// Every piece of app work for the session (an event, a push, `LiveServer.perform`) runs on
/// `queue`, one at a time; different sessions run at once on the machine's cores.
final class LiveSession: @unchecked Sendable {
  // Safe: `app` is touched only from jobs on `queue`, which runs one at a time; everything
  // else is guarded by `lock`.
  let id: String
  let app: AppSession
  let queue: DispatchQueue
  private let lock = NSLock()
  private var lastUsedAt: ContinuousClock.Instant
  private var openStreams: [ObjectIdentifier: EventStream] = [:]
  private var jobStartedAt: ContinuousClock.Instant?
  /// Replies of events that finished after their request had been answered 503: the page
  /// gets them over its stream, so it does not fall out of step.
  private var lateReplies: [String] = []

  init(id: String, app: AppSession, now: ContinuousClock.Instant) {
    self.id = id
    self.app = app
    self.queue = DispatchQueue(label: "navdom.session")
    lastUsedAt = now
  }

  var lastUsed: ContinuousClock.Instant { lock.withLock { lastUsedAt } }
  var streams: [EventStream] { lock.withLock { Array(openStreams.values) } }
  var hasStreams: Bool { lock.withLock { !openStreams.isEmpty } }

  func touch(_ now: ContinuousClock.Instant = .now) { lock.withLock { lastUsedAt = now } }

  func attach(_ stream: EventStream) {
    let key = ObjectIdentifier(stream)
    lock.withLock { openStreams[key] = stream }
    stream.onClose { [weak self] in self?.lock.withLock { _ = self?.openStreams.removeValue(forKey: key) } }
  }

  func closeStreams() {
    for stream in streams { stream.close() }
  }

  /// How long the job running now has run, if one is running.
  func busyFor(now: ContinuousClock.Instant) -> Duration? {
    lock.withLock { jobStartedAt.map { now - $0 } }
  }

  /// Runs `work` with the app on the session's queue, later; `done` gets its result there.
  func run<Result>(_ work: @escaping @Sendable (AppSession) -> Result, done: @escaping @Sendable (Result) -> Void) {
    queue.async { [self] in
      done(runNow(work))
    }
  }

  /// Runs `work` with the app on the session's queue and waits for it.
  func runAndWait<Result>(_ work: (AppSession) -> Result) -> Result {
    queue.sync { runNow(work) }
  }

  private func runNow<Result>(_ work: (AppSession) -> Result) -> Result {
    lock.withLock { jobStartedAt = .now }
    defer { lock.withLock { jobStartedAt = nil } }
    return work(app)
  }

  func keepLateReply(_ reply: String) {
    lock.withLock { lateReplies.append(reply) }
  }

  func takeLateReplies() -> [String] {
    lock.withLock {
      let taken = lateReplies
      lateReplies.removeAll()
      return taken
    }
  }
}

/// Whether a request has been answered: the first of the app's reply and the time limit wins.
final class Answered: @unchecked Sendable {
  // Safe: `isAnswered` is only read and written under `lock`.
  private let lock = NSLock()
  private var isAnswered = false

  /// `true` for the first caller only.
  func claim() -> Bool {
    lock.withLock {
      if isAnswered { return false }
      isAnswered = true
      return true
    }
  }
}
