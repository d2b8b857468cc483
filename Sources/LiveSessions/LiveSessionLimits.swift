import WorkScheduling
/// Bounds on the live sessions one server keeps.
///
/// ```swift
/// let limits = LiveSessionLimits(maximumSessions: 100, idleTimeout: .seconds(600), workers: 4)
/// ```
public struct LiveSessionLimits: Sendable {
  /// Sessions kept at once; a new visitor beyond this evicts the least recently used.
  public var maximumSessions: Int
  /// A session with no request and no open stream for this long is dropped.
  public var idleTimeout: Duration
  /// Largest event body accepted, in bytes.
  public var maximumEventBytes: Int
  /// How often the server looks for idle sessions to drop. (Server-side changes do not wait
  /// for it: a session sends them to its page's stream as the work that made them ends.)
  public var pushInterval: Duration
  /// How long the app may take to answer one event before the request gets a 503 (the work
  /// goes on; its patches then arrive on the page's stream).
  public var eventTimeLimit: Duration
  /// Threads that run the app's work (pages and every session's jobs): by default the cores
  /// this process may run on (`taskset` and CPU affinity included). A job that blocks holds one.
  public var workers: Int

  public init(
    maximumSessions: Int = 1_000, idleTimeout: Duration = .seconds(30 * 60),
    maximumEventBytes: Int = 16 * 1024, pushInterval: Duration = .milliseconds(50),
    eventTimeLimit: Duration = .seconds(5), workers: Int? = nil
  ) {
    self.maximumSessions = maximumSessions
    self.idleTimeout = idleTimeout
    self.maximumEventBytes = maximumEventBytes
    self.pushInterval = pushInterval
    self.eventTimeLimit = eventTimeLimit
    self.workers = max(1, workers ?? WorkerPool.machineWidth)
  }
}
