/// Runs `apply` now, and again whenever something it read changes.
///
/// Only what the latest run read is tracked, so a branch not taken costs nothing. Several
/// changes before the next ``ObservationScheduler/flush(passLimit:)`` cause a single re-run. Reads are
/// tracked through `@Observed` properties, an ``ObservationRegistrar``, and natively through
/// models made with the `@Observable` macro.
///
/// ```swift
/// final class CounterModel {
///   @Observed var count = 0
/// }
///
/// let model = CounterModel()
/// let token = observe {
///   print("Count: \(model.count)")   // prints "Count: 0" at once
/// }
/// model.count += 1
/// model.count += 1
/// ObservationScheduler.flush()       // prints "Count: 2" once
/// ```
///
/// An `observe` started while another observer's closure runs does not add its reads to the
/// enclosing one; its first run happens as soon as the enclosing run returns.
///
/// - Parameter apply: The work to perform: read state and update whatever depends on it.
/// - Returns: A token; the observation stops when it is cancelled or released.
public func observe(_ apply: @escaping () -> Void) -> ObserveToken {
  observe { (_: UITransaction) in apply() }
}

/// Runs `apply` now, and again whenever something it read changes, passing the transaction of
/// the changes that caused the run.
///
/// ```swift
/// let token = observe { transaction in
///   dialog.update(isOpen: model.isPresented, animated: !transaction.disablesAnimations)
/// }
/// ```
///
/// - Parameter apply: The work to perform; receives ``UITransaction/current`` for the run (empty
///   for the first run unless it starts inside ``withUITransaction(_:_:)``).
/// - Returns: A token; the observation stops when it is cancelled or released.
public func observe(_ apply: @escaping (_ transaction: UITransaction) -> Void) -> ObserveToken {
  let state = RuntimeState.current
  let observer = state.makeObserver(apply)
  let token = ObserveToken(observer: observer)
  state.start(observer)
  return token
}
