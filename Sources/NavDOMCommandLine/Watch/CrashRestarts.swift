/// Whether the watcher starts again, at once, a server that stopped on its own (a crash, an
/// app's `fatalError`): yes, unless it keeps stopping right after it starts, which another
/// start would only repeat; after three such stops in a row the watcher waits for the next
/// save, whose build starts a server again.
///
/// ```swift
/// var restarts = CrashRestarts()
/// restarts.restarts(afterRunning: 42)    // true: a crash after a while is started again
/// ```
struct CrashRestarts {
  /// A server that stopped sooner than this after it started stopped "at once".
  static let quickStop = 1.0
  /// Stops at once in a row after which the watcher waits for a save.
  static let quickStopsInARow = 3
  private var quickStops = 0

  /// Whether a server that ran for `seconds` and stopped is started again now.
  mutating func restarts(afterRunning seconds: Double) -> Bool {
    quickStops = seconds < Self.quickStop ? quickStops + 1 : 0
    return quickStops < Self.quickStopsInARow
  }

  /// A build started a fresh server: its stops are counted afresh.
  mutating func reset() { quickStops = 0 }
}
