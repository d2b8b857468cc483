/// Process-wide observation state: which observer is tracking reads, which are pending, and the
/// first runs waiting for an enclosing run to finish.
///
/// Global mutable state by design: the browser (wasm) is single-threaded, and the native server
/// calls into a runtime from one thread at a time. Nothing here is safe to touch concurrently.
enum ObservationRuntime {
  static var nextObserverID = 0
  /// Observers whose closure is running now, innermost last.
  static var running: [Observer] = []
  /// Observers marked pending, each once (`Observer.isPending` guards the list).
  static var pending: [Observer] = []
  /// Observers created during another observer's run; they make their first run when the
  /// outermost run returns (see `observe`).
  static var deferredFirstRuns: [Observer] = []
  static var isFlushing = false

  static var trackingObserver: Observer? { running.last }

  static func makeObserver(_ body: @escaping (UITransaction) -> Void) -> Observer {
    nextObserverID += 1
    return Observer(id: nextObserverID, body: body)
  }

  static func withTracking(_ observer: Observer, transaction: UITransaction, _ body: () -> Void) {
    running.append(observer)
    let savedTransaction = UITransaction.current
    UITransaction.current = transaction
    body()
    UITransaction.current = savedTransaction
    running.removeLast()
    if running.isEmpty {
      startDeferredFirstRuns()
    }
  }

  static func start(_ observer: Observer) {
    if running.isEmpty {
      observer.run(transaction: UITransaction.current)
    } else {
      deferredFirstRuns.append(observer)
    }
  }

  private static func startDeferredFirstRuns() {
    while !deferredFirstRuns.isEmpty {
      let observer = deferredFirstRuns.removeFirst()
      observer.run(transaction: UITransaction.current)
    }
  }

  static func markPending(_ observer: Observer, transaction: UITransaction) {
    guard !observer.isCancelled else { return }
    if observer.isPending {
      observer.pendingTransaction.merge(transaction)
      return
    }
    observer.isPending = true
    observer.pendingTransaction = transaction
    let wasIdle = pending.isEmpty
    pending.append(observer)
    if wasIdle && !isFlushing {
      ObservationScheduler.scheduleFlush?()
    }
  }

  static func forget(_ observer: Observer) {
    for index in pending.indices where pending[index] === observer {
      pending.remove(at: index)
      break
    }
    observer.isPending = false
    deferredFirstRuns.removeAll { $0 === observer }
  }

  /// Runs pending observers in creation order until none are left, or `passLimit` passes.
  @discardableResult
  static func flush(passLimit: Int) -> Int {
    guard !isFlushing else { return 0 }
    isFlushing = true
    var runs = 0
    var passes = 0
    while !pending.isEmpty && passes < passLimit {
      passes += 1
      let batch = pending.sorted { $0.id < $1.id }
      pending.removeAll()
      for observer in batch where observer.isPending && !observer.isCancelled {
        runs += 1
        observer.run(transaction: observer.pendingTransaction)
      }
    }
    isFlushing = false
    return runs
  }
}
