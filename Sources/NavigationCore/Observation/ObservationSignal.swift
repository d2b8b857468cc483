/// One observable thing (a property, a cell): the set of observers that read it in their latest run.
///
/// Signals never retain observers: a model owns its signals, and an observer's closure usually
/// captures the model, so a strong reference back would make a cycle. Instead an observer keeps its
/// signals alive and removes itself from them before it goes away (`Observer.unsubscribeAll`).
final class ObservationSignal {
  /// A list scanned by identity rather than a dictionary by id: a property is read by one
  /// observer or a few, and the list keeps hashing out of the WebAssembly module.
  private var subscribers: [Unmanaged<Observer>] = []

  init() {}

  /// Records a read by the observer that is running now, if any.
  func recordAccess() {
    guard let observer = RuntimeState.current.trackingObserver else { return }
    for subscriber in subscribers where subscriber.takeUnretainedValue() === observer { return }
    subscribers.append(Unmanaged.passUnretained(observer))
    observer.subscribe(to: self)
  }

  /// Marks every subscribed observer pending, carrying the current transaction.
  func didChange() {
    guard !subscribers.isEmpty else { return }
    let transaction = UITransaction.current
    for observer in subscribers {
      let observer = observer.takeUnretainedValue()
      observer.state.markPending(observer, transaction: transaction)
    }
  }

  func remove(_ observer: Observer) {
    for index in subscribers.indices where subscribers[index].takeUnretainedValue() === observer {
      subscribers.remove(at: index)
      return
    }
  }
}
