/// Decides when observers made pending by mutations run again.
///
/// Mutations never run observers directly: they mark them pending, so that several mutations
/// in one turn cause one re-run. ``flush(passLimit:)`` runs the pending ones. By default nothing calls it
/// for you: the app runtime flushes after it dispatches each event, and tests flush explicitly.
/// A host that has its own event loop (a server, a wasm module) can install
/// ``scheduleFlush`` to arrange a flush after the current turn instead.
///
/// ```swift
/// model.count += 1
/// model.title = "Inventory"
/// ObservationScheduler.flush()  // observers of count and title each run once
/// ```
///
/// It acts on the observation of the code running now: inside a ``NavigationRuntime``'s work,
/// that runtime's own observers; elsewhere, the observers created on the calling thread outside
/// any runtime. A runtime flushes its own observers itself.
public enum ObservationScheduler {
  /// Called once each time the first observer becomes pending after a flush; `nil` by default.
  /// It belongs to the current observation (the calling thread's, or the running runtime's).
  ///
  /// Install it to have flushes happen automatically. It should *enqueue* a call to ``flush(passLimit:)``
  /// (a microtask, the end of the event-loop iteration), not flush in place: `@Observable`
  /// models report a change before the new value is stored.
  ///
  /// ```swift
  /// ObservationScheduler.scheduleFlush = {
  ///   eventLoop.enqueue { ObservationScheduler.flush() }
  /// }
  /// ```
  public static var scheduleFlush: (() -> Void)? {
    get { RuntimeState.current.scheduleFlush }
    set { RuntimeState.current.scheduleFlush = newValue }
  }

  /// Runs every pending observer once, in the order they were created, repeating while runs make
  /// further observers pending.
  ///
  /// ```swift
  /// model.count += 1
  /// ObservationScheduler.flush()
  /// ```
  ///
  /// Calling it from inside an observer's run does nothing; the outer flush picks the work up.
  /// After `passLimit` passes (an observer that keeps changing what it reads) it stops and leaves
  /// the rest pending.
  ///
  /// - Parameter passLimit: The most passes over the pending observers; 100 by default.
  /// - Returns: How many observer runs it performed.
  @discardableResult
  public static func flush(passLimit: Int = 100) -> Int {
    RuntimeState.current.flush(passLimit: passLimit)
  }

  /// Whether some observer waits for a flush.
  ///
  /// ```swift
  /// model.count += 1
  /// ObservationScheduler.hasPendingObservers  // true while someone observes `count`
  /// ```
  public static var hasPendingObservers: Bool { !RuntimeState.current.pending.isEmpty }
}
