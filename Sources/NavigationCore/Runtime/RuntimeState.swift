/// Everything one runtime knows while it works: its observers (which one tracks reads, which
/// wait for a flush), the transaction of the code running now, the render passes under way and
/// where its warnings go.
///
/// Each ``NavigationRuntime`` owns one, so two runtimes never see each other's observers,
/// transactions or warnings, even when they run at once on two threads. Code outside any
/// runtime (a plain `observe`, a test that flushes by hand) uses its thread's own state. Which
/// state is current is found per thread (see `CurrentRuntimeState`): a runtime makes its state
/// current with ``enter(_:)`` for the length of its work.
///
/// Not thread-safe by itself: one thread at a time works in a state, the thread that owns the
/// runtime (a live server serializes each session's work).
final class RuntimeState {
  // MARK: Observation (see RuntimeState+Observation.swift)

  var nextObserverID = 0
  /// Observers whose closure is running now, innermost last.
  var running: [Observer] = []
  /// Observers marked pending, each once (`Observer.isPending` guards the list).
  var pending: [Observer] = []
  /// Observers created during another observer's run; they make their first run when the
  /// outermost run returns (see `observe`).
  var deferredFirstRuns: [Observer] = []
  var isFlushing = false
  /// Called when the first observer becomes pending after a flush (`ObservationScheduler`).
  var scheduleFlush: (() -> Void)?

  // MARK: Transactions, render passes, warnings

  /// The transaction of the code running now (`UITransaction.current`).
  var transaction = UITransaction()
  /// The innermost render pass under way (`RenderContext.current`); `RenderContext.run` keeps
  /// the one it interrupts and puts it back.
  var renderPass: RenderContext?
  /// Where warnings go; `nil` sends them to the handler of the thread the work runs on.
  var warningHandler: ((String) -> Void)?
  /// The parameter names route `parse` closures asked for while a route is tried (`nil`: not
  /// recording), so a name the pattern does not have is reported with the route.
  var routeParameterReads: [String]?

  init() {}

  /// The state of the code running now on this thread: the innermost entered one, or the
  /// thread's own.
  static var current: RuntimeState { CurrentRuntimeState.state }

  /// Runs `body` with this state current on this thread, then restores the one before.
  @inline(__always)
  func enter(_ body: () -> Void) {
    let saved = CurrentRuntimeState.entered
    CurrentRuntimeState.entered = self
    body()
    CurrentRuntimeState.entered = saved
  }

  /// Sends a warning to this state's handler, else the thread's, else standard output.
  func report(_ message: String) {
    if let handler = warningHandler ?? CurrentRuntimeState.threadDefault.warningHandler {
      handler(message)
    } else {
      NavigationWarnings.printing(message)
    }
  }
}
