import StaticServe
import LiveSessions
import WorkScheduling

/// `serve --latency 300ms`: every event's answer waits that long before the app sees the
/// event, as on a slow connection, so the pending state (`data-navdom-pending`) and the app's
/// loading styles can be tried locally. Pages, files and the stream are not delayed.
///
/// ```swift
/// let router = SimulatedLatency(delay: .milliseconds(300)).delaying(live.router)
/// ```
struct SimulatedLatency: Sendable {
  let delay: Duration
  /// The live server's timer thread, reused: the delayed events wait there, not on a
  /// libdispatch queue, whose pool may grow.
  private let timer = EventDeadlines()

  init(delay: Duration) { self.delay = delay }

  /// `router`, its answers to `POST /_navdom/event` delayed by `delay`.
  func delaying(_ router: @escaping HTTPServer.Router) -> HTTPServer.Router {
    { [timer, delay] request in
      guard request.method == .post, request.path == "/_navdom/event" else { return router(request) }
      return .deferred { complete in
        _ = timer.add(at: .now + delay) {
          // Handing the event to its session's mailbox is quick: the timer thread goes on at once.
          guard let response = router(request) else { return complete(nil) }
          if case .deferred(let work) = response.body { work(complete) } else { complete(response) }
        }
      }
    }
  }

  /// `300ms`, `1s`, `0.5s` or a bare number of milliseconds; `nil` for anything else.
  static func parse(_ text: String) -> Duration? {
    let number: Double?
    if text.hasSuffix("ms") {
      number = Double(text.dropLast(2))
    } else if text.hasSuffix("s") {
      number = Double(text.dropLast()).map { $0 * 1000 }
    } else {
      number = Double(text)
    }
    guard let milliseconds = number, milliseconds.isFinite, milliseconds >= 0, milliseconds <= 60_000 else { return nil }
    return .milliseconds(Int64(milliseconds.rounded()))
  }
}
