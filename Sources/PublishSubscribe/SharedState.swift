import NavDOMSupport

/// A value every visitor shares (a count, the books on loan), with change notifications: any
/// session's event or any thread reads and updates it safely, and every change is announced on
/// a ``PubSub`` topic, so every page can be told. Swift 6 clean: no lock or global of the
/// app's own.
///
/// ```swift
/// let likes = SharedState(0, topic: "likes")
/// likes.onChange { _ in
///   server.performOnEverySession { $0.model(as: CounterModel.self)?.count = likes.value }
/// }
/// likes.update { $0 += 1 }   // from a visitor's click: every open page shows it
/// ```
///
/// The value needs no `Codable` conformance to be shared within one process
/// (``init(_:topic:)``), so a portable model type (one that also builds for WebAssembly, where
/// there is no `Codable`) is shared as it is; across processes (``init(_:topic:pubsub:)`` with
/// a shared engine) it travels as JSON and must be `Codable`.
///
/// An event handler reaches app-wide state as the model's own property (give the session
/// function the `SharedState` and the model keeps it), and other pages through ``onChange(_:)``
/// registered in `LiveApp.onServe`, which hands over the server: no box around the server.
///
/// ```swift
/// let loans = SharedState<[Loan]>([], topic: "loans")            // Loan: a portable struct
/// loans.onChange { old, new in                                   // every change, in order
///   for loan in new where !old.contains(loan) { print("\(loan.book) was lent to \(loan.reader)") }
/// }
/// ```
///
/// Each change carries a version; a process keeps the newest it has seen. Over an engine shared
/// by several processes each keeps its own copy, which suits a value changed from one place at
/// a time; state that many processes change at once belongs in a database, with a message
/// telling the pages to read it again.
public final class SharedState<Value: Sendable>: Sendable {
  /// What travels on the topic: the value after a change, and how many changes it has seen.
  struct Change: Sendable {
    var version: UInt64
    var value: Value
  }
  private struct State {
    var version: UInt64 = 0
    var value: Value
    var observers: [@Sendable (_ old: Value, _ new: Value) -> Void] = []
    /// Changes received and not yet told to the observers, oldest first.
    var undelivered: [(old: Value, new: Value)] = []
    /// Whether a thread is telling the observers now (it tells the changes that arrive meanwhile).
    var delivering = false
  }
  private let state: Locked<State>
  /// Sends a change to the copies of the state in other processes (and back to this one, which
  /// already has it); `nil` within one process.
  private let send: (@Sendable (Change) -> Void)?

  /// A state shared within this process: any `Sendable` value, `Codable` or not.
  ///
  /// ```swift
  /// let shelf = SharedState(Shelf(), topic: "shelf")   // Shelf: a portable struct
  /// ```
  public init(_ initial: Value, topic: String) {
    state = Locked(State(value: initial))
    send = nil
  }

  /// A state whose changes travel on `pubsub`'s topic as JSON, so copies in other processes
  /// (a shared engine: ``UnixSocketPubSubEngine``) follow it.
  ///
  /// ```swift
  /// let likes = SharedState(0, topic: "likes", pubsub: PubSub(engine: sharedEngine))
  /// ```
  public init(_ initial: Value, topic: String, pubsub: PubSub = PubSub()) where Value: Codable {
    state = Locked(State(value: initial))
    send = { change in pubsub.broadcast(change, on: topic) }
    pubsub.subscribe(to: topic, as: Change.self) { [weak self] change in self?.receive(change) }
  }

  /// The value now.
  ///
  /// ```swift
  /// likes.value   // 3
  /// ```
  public var value: Value { state.withLock { $0.value } }

  /// Changes the value (one change at a time across threads), announces it, and returns it.
  ///
  /// ```swift
  /// likes.update { $0 += 1 }
  /// ```
  @discardableResult
  public func update(_ change: (inout Value) -> Void) -> Value {
    let changed = state.withLock { state -> Change in
      let old = state.value
      change(&state.value)
      state.version += 1
      state.undelivered.append((old, state.value))
      return Change(version: state.version, value: state.value)
    }
    send?(changed)
    deliver()
    return changed.value
  }

  /// Calls `observer` with the value after every change.
  ///
  /// ```swift
  /// likes.onChange { count in print(count) }
  /// ```
  public func onChange(_ observer: @escaping @Sendable (Value) -> Void) {
    onChange { _, new in observer(new) }
  }

  /// Calls `observer` with each change itself, the value before and after it, in the order of
  /// the changes: one thread at a time tells them, the one that made a change or the one
  /// telling an earlier change when it was made (so an observer that changes the state again
  /// hears that change after this one returns).
  ///
  /// ```swift
  /// loans.onChange { old, new in notify(lent: new.filter { !old.contains($0) }) }
  /// ```
  public func onChange(_ observer: @escaping @Sendable (_ old: Value, _ new: Value) -> Void) {
    state.withLock { $0.observers.append(observer) }
  }

  private func receive(_ change: Change) {
    state.withLock { state in
      guard change.version > state.version else { return }
      state.undelivered.append((state.value, change.value))
      state.version = change.version
      state.value = change.value
    }
    deliver()
  }

  /// Tells the observers every undelivered change, oldest first, unless another thread is.
  private func deliver() {
    let shouldDeliver = state.withLock { state -> Bool in
      guard !state.delivering, !state.undelivered.isEmpty else { return false }
      state.delivering = true
      return true
    }
    guard shouldDeliver else { return }
    while let (next, observers) = state.withLock({ state -> ((old: Value, new: Value), [@Sendable (Value, Value) -> Void])? in
      guard !state.undelivered.isEmpty else {
        state.delivering = false
        return nil
      }
      return (state.undelivered.removeFirst(), state.observers)
    }) {
      for observer in observers { observer(next.old, next.new) }
    }
  }
}

extension SharedState.Change: Codable where Value: Codable {}
