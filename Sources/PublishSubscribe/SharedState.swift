import Foundation
import NavDOMSupport

/// A value every visitor shares (a count, the books on loan), with change notifications: any
/// session's event or any thread reads and updates it safely, and every change is announced on
/// a ``PubSub`` topic, so every page can be told. Swift 6 clean: no lock or global of the
/// app's own.
///
/// ```swift
/// let likes = SharedState(0, topic: "likes")
/// likes.onChange { _ in
///   live.performOnEverySession { $0.model(as: AppModel.self)?.count = likes.value }
/// }
/// likes.update { $0 += 1 }   // from a visitor's click: every open page shows it
/// ```
///
/// The value needs no `Codable` conformance to be shared within one process
/// (``init(_:topic:)``), so a portable model type (one that also builds for WebAssembly, where
/// there is no `Codable`) is shared as it is; on a ``PubSub`` (``init(_:topic:pubsub:)``) it
/// travels as JSON and must be `Codable`.
///
/// An event handler reaches app-wide state as the model's own property (give the session
/// function the `SharedState` and the model keeps it), and other pages through `onChange(_:)`
/// registered in `LiveApp.onServe`, which hands over the server: no box around the server.
///
/// ```swift
/// let loans = SharedState<[Loan]>([], topic: "loans")            // Loan: a portable struct
/// loans.onChange { old, new in                                   // every change, in order
///   for loan in new where !old.contains(loan) { print("\(loan.book) was lent to \(loan.reader)") }
/// }
/// ```
///
/// Each change carries a version; a process keeps the newest it has seen. When the engine is
/// also a ``SharedValueStore`` (``RedisPubSubEngine``), the value and its version live in the
/// store: ``update(_:)`` is atomic across processes (two processes each adding 1,000 end at
/// exactly 2,000), and the value is read from the store when the state is made and each time
/// the engine reconnects. Over an engine without a store (one process, or
/// ``UnixSocketPubSubEngine``) each process keeps its own copy, which suits a value changed
/// from one place at a time.
public final class SharedState<Value: Sendable>: Sendable {
  /// What travels on the topic: the value after a change, and how many changes it has seen.
  struct Change: Sendable {
    var version: UInt64
    var value: Value
  }
  struct State {
    var version: UInt64 = 0
    var value: Value
    var observers: [@Sendable (_ old: Value, _ new: Value) -> Void] = []
    /// Changes received and not yet told to the observers, oldest first.
    var undelivered: [(old: Value, new: Value)] = []
    /// Whether a thread is telling the observers now (it tells the changes that arrive meanwhile).
    var delivering = false
  }
  let state: Locked<State>
  let topic: String
  /// Sends a change to the copies in other processes (and back to this one, which has it);
  /// `nil` within one process.
  let send: (@Sendable (Change) -> Void)?
  /// The engine's store, when it has one.
  let store: (any SharedValueStore)?
  /// ``update(_:)`` through the store (SharedState+Store.swift), set when there is one.
  private let storeUpdate = Locked<(@Sendable ((inout Value) -> Void) -> Value)?>(nil)

  /// A state shared within this process: any `Sendable` value, `Codable` or not.
  ///
  /// ```swift
  /// let shelf = SharedState(Shelf(), topic: "shelf")   // Shelf: a portable struct
  /// ```
  public init(_ initial: Value, topic: String) {
    state = Locked(State(value: initial))
    self.topic = topic
    send = nil
    store = nil
  }

  /// A value shared under `topic` on `pubsub`, as JSON: `initial` until a change, or the
  /// value stored under `topic` when the engine is a ``SharedValueStore`` that has one (read
  /// here, before the state is used).
  ///
  /// ```swift
  /// let likes = SharedState(0, topic: "likes", pubsub: .shared)
  /// ```
  public init(_ initial: Value, topic: String, pubsub: PubSub = PubSub()) where Value: Codable {
    state = Locked(State(value: initial))
    self.topic = topic
    send = { change in pubsub.broadcast(change, on: topic) }
    store = pubsub.engine as? any SharedValueStore
    pubsub.subscribe(to: topic, as: Change.self) { [weak self] change in self?.receive(change) }
    if let store {
      storeUpdate.withLock { $0 = { [unowned self] change in updateInStore(change) } }
      store.onReconnect { [weak self] in self?.readStore(restoring: true) }
      readStore(restoring: false)
    }
  }

  /// The value now.
  ///
  /// ```swift
  /// likes.value   // 3
  /// ```
  public var value: Value { state.withLock { $0.value } }

  /// Changes the value (one change at a time across threads; across processes too with a
  /// store, where `change` runs again on the newest value when another process changed it
  /// first), announces it, and returns it.
  ///
  /// ```swift
  /// likes.update { $0 += 1 }
  /// ```
  @discardableResult
  public func update(_ change: (inout Value) -> Void) -> Value {
    if let storeUpdate = storeUpdate.withLock({ $0 }) { return storeUpdate(change) }
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

  /// Calls `observer` with the value after every change, in the order of the changes.
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

  /// Takes `change` if it is newer than the value this process has.
  func receive(_ change: Change) {
    state.withLock { state in
      guard change.version > state.version else { return }
      state.undelivered.append((state.value, change.value))
      state.version = change.version
      state.value = change.value
    }
    deliver()
  }

  /// Tells the observers every undelivered change, oldest first, unless another thread is.
  func deliver() {
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
