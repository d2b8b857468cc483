#if canImport(Observation) && !hasFeature(Embedded)
  import Observation
#endif

/// The record behind an `ObserveToken`: the closure, what its latest run read, and whether it
/// must run again.
final class Observer {
  /// Creation order; pending observers run in this order, so outer observers (created first)
  /// run before the ones they created.
  let id: Int
  /// The state it was created in: it is tracked, made pending and flushed there.
  let state: RuntimeState
  private var body: ((UITransaction) -> Void)?
  /// What the latest run read, each signal once (`ObservationSignal.recordAccess` subscribes an
  /// observer only the first time). A list, not a dictionary: a run reads a handful of
  /// properties, and hashing would cost the WebAssembly module a dictionary specialisation.
  private var signals: [ObservationSignal] = []
  var isPending = false
  var pendingTransaction = UITransaction()
  /// Bumped per run so that a stale native `onChange` from an earlier run is ignored.
  private var generation = 0

  init(id: Int, state: RuntimeState, body: @escaping (UITransaction) -> Void) {
    self.id = id
    self.state = state
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
    state.forget(self)
  }

  /// Runs the closure once, tracking exactly what this run reads.
  func run(transaction: UITransaction) {
    guard let body else { return }
    unsubscribeAll()
    generation += 1
    isPending = false
    pendingTransaction = UITransaction()
    state.withTracking(self, transaction: transaction) {
      #if canImport(Observation) && !hasFeature(Embedded)
        // `@Observable` models: re-armed on every run, because `onChange` fires only once.
        let generation = self.generation
        let weakSelf = WeakObserver(self)
        withObservationTracking {
          body(transaction)
        } onChange: {
          guard let self = weakSelf.observer, self.generation == generation, !self.isCancelled else { return }
          self.state.markPending(self, transaction: UITransaction.current)
        }
      #else
        body(transaction)
      #endif
    }
  }
}

#if canImport(Observation) && !hasFeature(Embedded)
  /// The observer as `onChange` sees it.
  ///
  /// `@unchecked Sendable` because `onChange` must be `@Sendable`, yet it runs synchronously in
  /// the mutation that changed a property this observer read, on the mutating thread. Why that
  /// is the thread running the observer's runtime, by the types rather than by a convention:
  /// the runtime read the property synchronously in its view closure, so the model is in that
  /// closure's isolation. A model that is not `Sendable` stays in the runtime's region (Swift 6
  /// rejects sending it elsewhere while the runtime keeps it); an `@Observable` model isolated
  /// to a global actor can be read synchronously only on that actor, where its mutations run
  /// too; and an `@Observable` class cannot conform to `Sendable` otherwise (its stored
  /// properties are mutable) without its author writing `@unchecked`, who then vouches for it.
  /// So the observer is never touched from two threads at once.
  private final class WeakObserver: @unchecked Sendable {
    weak var observer: Observer?
    init(_ observer: Observer) { self.observer = observer }
  }
#endif
