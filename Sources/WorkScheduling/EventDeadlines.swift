import NavDOMSupport
import Dispatch
import Foundation

/// The time limits of the events in flight, on one helper thread of their own: when an event's
/// deadline passes before its reply, `expire` answers the request (a 503), even when every
/// worker of the pool is busy. Only events still in flight are kept (each is removed once
/// answered), so the memory is bounded by the requests open at once.
///
/// ```swift
/// let token = deadlines.add(at: .now + .seconds(5)) { answer503() }
/// // … the reply came first:
/// deadlines.remove(token)
/// ```
package final class EventDeadlines: Sendable {
  private struct Pending {
    let deadline: ContinuousClock.Instant
    let expire: @Sendable () -> Void
  }
  private struct State {
    var pending: [UInt64: Pending] = [:]
    var nextToken: UInt64 = 0
    var started = false
    var stopping = false
    /// When the thread wakes next by itself; nil while it waits for a first deadline.
    var sleepingUntil: ContinuousClock.Instant?
  }

  package init() {}
  private let state = Locked(State())
  private let wake = DispatchSemaphore(value: 0)

  /// Runs `expire` on the helper thread once `deadline` has passed, unless removed first.
  package func add(at deadline: ContinuousClock.Instant, expire: @escaping @Sendable () -> Void) -> UInt64 {
    let (token, start, signal) = state.withLock { state -> (UInt64, Bool, Bool) in
      state.nextToken += 1
      state.pending[state.nextToken] = Pending(deadline: deadline, expire: expire)
      let signal = state.sleepingUntil.map { deadline < $0 } ?? true
      defer { state.started = true }
      return (state.nextToken, !state.started, signal)
    }
    if start { startThread() }
    if signal { wake.signal() }
    return token
  }

  package func remove(_ token: UInt64) {
    state.withLock { _ = $0.pending.removeValue(forKey: token) }
  }

  /// Ends the helper thread (which holds this object until then): the owner's `deinit` calls it.
  package func stop() {
    state.withLock { $0.stopping = true }
    wake.signal()
  }

  private func startThread() {
    let thread = Thread { [self] in
      while true {
        let now = ContinuousClock.now
        let round = state.withLock { state -> (due: [@Sendable () -> Void], next: ContinuousClock.Instant?)? in
          if state.stopping { return nil }
          var due: [@Sendable () -> Void] = []
          var next: ContinuousClock.Instant?
          for (token, pending) in state.pending {
            if pending.deadline <= now {
              due.append(pending.expire)
              state.pending[token] = nil
            } else {
              next = min(next ?? pending.deadline, pending.deadline)
            }
          }
          state.sleepingUntil = next
          return (due, next)
        }
        guard let round else { return }
        for expire in round.due { expire() }
        if let next = round.next {
          _ = wake.wait(timeout: .now() + (next - .now).inSeconds)
        } else {
          wake.wait()
        }
      }
    }
    thread.name = "navdom-deadlines"
    thread.start()
  }
}
