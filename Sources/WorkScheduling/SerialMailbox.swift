import NavDOMSupport
import Glibc

/// Jobs that run one at a time, in the order they were enqueued, on a ``WorkerPool``'s
/// workers: a live session's events, pushes and changes from the server side. Enqueueing never
/// waits, from any thread (a job of this mailbox or of another included), so no mailbox ever
/// waits on another.
///
/// It is also a `SerialExecutor`: an actor whose `unownedExecutor` is a mailbox runs on the
/// pool's workers, one job at a time, and `assumeIsolated` on it succeeds exactly inside this
/// mailbox's jobs (``checkIsolated()``), so a plain job can enter the actor synchronously.
///
/// ```swift
/// let mailbox = SerialMailbox(pool: pool)
/// mailbox.enqueue { session.apply(change) }
/// ```
package final class SerialMailbox: SerialExecutor {
  private struct Jobs {
    var queue = FIFO<@Sendable () -> Void>()
    /// In the pool's queue or running: enqueueing then only appends.
    var scheduled = false
    /// The worker running this mailbox's job now.
    var runningOn: pthread_t?
  }
  private let jobs = Locked(Jobs())
  private let readyQueue: WorkerPool.ReadyQueue

  package init(pool: WorkerPool) { readyQueue = pool.readyQueue }

  package func enqueue(_ job: @escaping @Sendable () -> Void) {
    let schedule = jobs.withLock { jobs -> Bool in
      jobs.queue.append(job)
      defer { jobs.scheduled = true }
      return !jobs.scheduled
    }
    if schedule { readyQueue.schedule(self) }
  }

  /// A Swift concurrency job (a task's step on an actor this mailbox executes), in line with
  /// the closures.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    enqueue { [self] in job.runSynchronously(on: asUnownedSerialExecutor()) }
  }

  /// Traps unless the calling thread is running one of this mailbox's jobs: what
  /// `assumeIsolated` asks of an actor this mailbox executes, outside a task.
  package func checkIsolated() {
    precondition(isRunningHere, "navdom: an actor on a SerialMailbox was entered outside the mailbox's jobs")
  }

  /// Whether the calling thread is running one of this mailbox's jobs now.
  package var isRunningHere: Bool {
    let me = pthread_self()
    return jobs.withLock { $0.runningOn.map { pthread_equal($0, me) != 0 } ?? false }
  }

  /// Jobs waiting (the running one not included).
  package var waiting: Int { jobs.withLock { $0.queue.count } }

  /// Runs the next job, on a worker; then back to the end of the queue if more are waiting, so
  /// a busy mailbox takes turns with the others.
  package func runNext() {
    let me = pthread_self()
    let next = jobs.withLock { jobs -> (@Sendable () -> Void)? in
      let job = jobs.queue.popFirst()
      if job != nil { jobs.runningOn = me }
      return job
    }
    guard let job = next else { return }
    job()
    let more = jobs.withLock { jobs -> Bool in
      jobs.runningOn = nil
      if jobs.queue.isEmpty { jobs.scheduled = false }
      return jobs.scheduled
    }
    if more { readyQueue.schedule(self) }
  }
}
