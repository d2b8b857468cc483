import NavDOMSupport

/// Jobs that run one at a time, in the order they were enqueued, on a ``WorkerPool``'s
/// workers: a live session's events, pushes and changes from the server side. Enqueueing never
/// waits, from any thread (a job of this mailbox or of another included), so no mailbox ever
/// waits on another.
///
/// ```swift
/// let mailbox = SerialMailbox(pool: pool)
/// mailbox.enqueue { session.apply(change) }
/// ```
package final class SerialMailbox: Sendable {
  private struct Jobs {
    var queue = FIFO<@Sendable () -> Void>()
    /// In the pool's line or running: enqueueing then only appends.
    var scheduled = false
  }
  private let jobs = Locked(Jobs())
  private let line: WorkerPool.Line

  package init(pool: WorkerPool) { line = pool.line }

  package func enqueue(_ job: @escaping @Sendable () -> Void) {
    let schedule = jobs.withLock { jobs -> Bool in
      jobs.queue.append(job)
      defer { jobs.scheduled = true }
      return !jobs.scheduled
    }
    if schedule { line.schedule(self) }
  }

  /// Jobs waiting (the running one not included).
  package var waiting: Int { jobs.withLock { $0.queue.count } }

  /// Runs the next job, on a worker; then back to the end of the line if more are waiting, so
  /// a busy mailbox takes turns with the others.
  package func runNext() {
    guard let job = jobs.withLock({ $0.queue.popFirst() }) else { return }
    job()
    let more = jobs.withLock { jobs -> Bool in
      if jobs.queue.isEmpty { jobs.scheduled = false }
      return jobs.scheduled
    }
    if more { line.schedule(self) }
  }
}
