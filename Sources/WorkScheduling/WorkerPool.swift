import NavDOMSupport
import Dispatch
import Foundation

/// A fixed number of threads that run the live server's app work, whatever the load: each
/// worker takes the next ready ``SerialMailbox`` from one shared line, runs one job of it, and
/// puts it back at the end of the line if it has more. A mailbox is in the line at most once,
/// so its jobs run one at a time and in order, while different mailboxes run in parallel on
/// different workers. A mailbox with a long job holds one worker; the others go on serving.
///
/// libdispatch's global queues are not used: on Linux they add threads whenever their workers
/// block, so their size depends on the load and on libdispatch; these threads are started once,
/// on the first job, and end when the pool is released.
///
/// ```swift
/// let pool = WorkerPool(width: 2)
/// let mailbox = SerialMailbox(pool: pool)
/// mailbox.enqueue { print("first") }
/// mailbox.enqueue { print("second, never at the same time as first") }
/// ```
package final class WorkerPool: Sendable {
  /// The shared line and its workers; the threads hold this, never the pool, so releasing the
  /// pool stops them.
  package final class Line: Sendable {
    struct State {
      var ready = FIFO<SerialMailbox>()
      var started = false
      var stopping = false
      var workers: [pthread_t] = []
    }
    let width: Int
    let state = Locked(State())
    /// One signal per mailbox put in the line (and one per worker to stop).
    let wake = DispatchSemaphore(value: 0)

    init(width: Int) { self.width = width }

    func schedule(_ mailbox: SerialMailbox) {
      let start = state.withLock { state -> Bool in
        guard !state.stopping else { return false }
        state.ready.append(mailbox)
        defer { state.started = true }
        return !state.started
      }
      if start {
        for index in 0..<width { startWorker(index) }
      }
      wake.signal()
    }

    /// Whether the calling thread is one of this pool's workers.
    package var isWorkerThread: Bool {
      let me = pthread_self()
      return state.withLock { $0.workers.contains { pthread_equal($0, me) != 0 } }
    }

    private func startWorker(_ index: Int) {
      let thread = Thread { [self] in
        let me = pthread_self()
        state.withLock { $0.workers.append(me) }
        while true {
          wake.wait()
          let next = state.withLock { state -> SerialMailbox?? in
            if let mailbox = state.ready.popFirst() { return mailbox }
            return state.stopping ? .none : .some(nil)
          }
          guard let next else { return }  // stopping, and nothing left in the line
          next?.runNext()
        }
      }
      thread.name = "navdom-worker-\(index)"
      thread.start()
    }

    func stop() {
      let started = state.withLock { state -> Bool in
        state.stopping = true
        return state.started
      }
      guard started else { return }
      for _ in 0..<width { wake.signal() }
    }
  }

  package let line: Line

  /// A pool of `width` workers (at least one).
  package init(width: Int) {
    line = Line(width: max(1, width))
  }

  deinit { line.stop() }

  package var width: Int { line.width }

  /// Runs `job` once on a worker, in no particular order with other work.
  package func run(_ job: @escaping @Sendable () -> Void) {
    SerialMailbox(pool: self).enqueue(job)
  }

  /// The cores this process may run on (its CPU affinity, so `taskset -c 0` gives 1), at least
  /// 1: the `Cpus_allowed` mask of `/proc/self/status` (Glibc's module does not export
  /// `sched_getaffinity`), else the cores online.
  package static var machineWidth: Int {
    let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
    else { return online }
    let allowed = line.dropFirst("Cpus_allowed:".count).reduce(0) { count, digit in
      count + (digit.hexDigitValue?.nonzeroBitCount ?? 0)
    }
    return max(1, min(allowed, online))
  }
}
