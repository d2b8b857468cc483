#if canImport(Observation) && !hasFeature(Embedded)
  import Observation
#endif

/// The record behind an `ObserveToken`: the closure, what its latest run read, and whether it
/// must run again.
final class Observer {
  /// Creation order; pending observers run in this order, so outer observers (created first)
  /// run before the ones they created.
  let id: Int
  private var body: ((UITransaction) -> Void)?
  /// What the latest run read, each signal once (`ObservationSignal.recordAccess` subscribes an
  /// observer only the first time). A list, not a dictionary: a run reads a handful of
  /// properties, and hashing would cost the WebAssembly module a dictionary specialisation.
  private var signals: [ObservationSignal] = []
  var isPending = false
  var pendingTransaction = UITransaction()
  /// Bumped per run so that a stale native `onChange` from an earlier run is ignored.
  private var generation = 0

  init(id: Int, body: @escaping (UITransaction) -> Void) {
    self.id = id
    self.body = body
  }

  deinit {
    unsubscribeAll()
  }

  var isCancelled: Bool { body == nil }

  func subscribe(to signal: ObservationSignal) {
    signals.append(signal)
  }

  func unsubscribeAll() {
    for signal in signals {
      signal.remove(self)
    }
    signals.removeAll()
  }

  func cancel() {
    body = nil
    generation += 1
    unsubscribeAll()
    ObservationRuntime.forget(self)
  }

  /// Runs the closure once, tracking exactly what this run reads.
  func run(transaction: UITransaction) {
    guard let body else { return }
    unsubscribeAll()
    generation += 1
    isPending = false
    pendingTransaction = UITransaction()
    ObservationRuntime.withTracking(self, transaction: transaction) {
      #if canImport(Observation) && !hasFeature(Embedded)
        // `@Observable` models: re-armed on every run, because `onChange` fires only once.
        let generation = self.generation
        withObservationTracking {
          body(transaction)
        } onChange: { [weak self] in
          guard let self, self.generation == generation, !self.isCancelled else { return }
          ObservationRuntime.markPending(self, transaction: UITransaction.current)
        }
      #else
        body(transaction)
      #endif
    }
  }
}
