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
///   server.performOnEverySession { $0.model(as: CounterModel.self)?.count = likes.value }
/// }
/// likes.update { $0 += 1 }   // from a visitor's click: every open page shows it
/// ```
///
/// Each change carries a version; a process keeps the newest it has seen. When the engine is
/// also a ``SharedValueStore`` (``RedisPubSubEngine``), the value and its version live in the
/// store: ``update(_:)`` is atomic across processes (two processes each adding 1,000 end at
/// exactly 2,000), and the value is read from the store when the state is made and each time
/// the engine reconnects. Over an engine without a store (one process, or
/// ``UnixSocketPubSubEngine``) each process keeps its own copy, which suits a value changed
/// from one place at a time.
public final class SharedState<Value: Codable & Sendable>: Sendable {
  /// What travels on the topic: the value after a change, and how many changes it has seen.
  struct Change: Codable, Sendable {
    var version: UInt64
    var value: Value
  }
  struct State {
    var version: UInt64 = 0
    var value: Value
    var observers: [@Sendable (Value) -> Void] = []
  }
  let state: Locked<State>
  let topic: String
  let pubsub: PubSub
  /// The engine's store, when it has one.
  let store: (any SharedValueStore)?

  /// A value shared under `topic`: `initial` until a change, or the value stored under
  /// `topic` when the engine is a ``SharedValueStore`` that has one (read here, before the
  /// state is used).
  public init(_ initial: Value, topic: String, pubsub: PubSub = PubSub()) {
    state = Locked(State(value: initial))
    self.topic = topic
    self.pubsub = pubsub
    store = pubsub.engine as? any SharedValueStore
    pubsub.subscribe(to: topic, as: Change.self) { [weak self] change in self?.receive(change) }
    if let store {
      store.onReconnect { [weak self] in self?.readStore(restoring: true) }
      readStore(restoring: false)
    }
  }

  /// The value now.
  public var value: Value { state.withLock { $0.value } }

  /// Changes the value (one change at a time across threads; across processes too with a
  /// store, where `change` runs again on the newest value when another process changed it
  /// first), announces it, and returns it.
  @discardableResult
  public func update(_ change: (inout Value) -> Void) -> Value {
    if store != nil { return updateInStore(change) }  // SharedState+Store.swift
    let changed = state.withLock { state -> Change in
      change(&state.value)
      state.version += 1
      return Change(version: state.version, value: state.value)
    }
    pubsub.broadcast(changed, on: topic)
    return changed.value
  }

  /// Calls `observer` with the value after every change, on the thread that made it. Two
  /// changes made at once on two threads notify at once, so an observer can get the older value
  /// last: a session's job that reads ``value`` when it runs (as above) always ends on the newest.
  public func onChange(_ observer: @escaping @Sendable (Value) -> Void) {
    state.withLock { $0.observers.append(observer) }
  }

  func receive(_ change: Change) {
    let (value, observers) = state.withLock { state in
      if change.version > state.version {
        state.version = change.version
        state.value = change.value
      }
      return (state.value, state.observers)
    }
    for observer in observers { observer(value) }
  }
}
