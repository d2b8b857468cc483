import Foundation
import PublishSubscribe
import Synchronization
import Testing

/// `SharedState` over a store (Redis in production): what it does when the store answers late.
@Suite struct SharedStateStoreTests {
  /// A store and engine in memory. `duringNextRead` runs inside the next `storedValue` call,
  /// after the answer is taken: a change published while the read is on its way.
  final class SlowStore: PubSubEngine, SharedValueStore {
    let local = LocalPubSubEngine()
    let stored = Mutex(StoredValue(version: 1, bytes: Array("1".utf8)))
    let duringNextRead = Mutex<(@Sendable () -> Void)?>(nil)
    let reconnect = Mutex<[@Sendable () -> Void]>([])

    func publish(_ payload: [UInt8], on topic: String) { local.publish(payload, on: topic) }
    func subscribe(to topic: String, _ deliver: @escaping @Sendable ([UInt8]) -> Void) {
      local.subscribe(to: topic, deliver)
    }
    func storedValue(for key: String) throws -> StoredValue? {
      let answer = stored.withLock { $0 }
      if let during = duringNextRead.withLock({ hook in defer { hook = nil }; return hook }) { during() }
      return answer
    }
    func store(_ bytes: [UInt8], for key: String, ifVersion expected: UInt64, operation: String) throws -> StoreOutcome {
      try stored.withLock { stored in
        guard stored.version == expected else { return .conflict(stored) }
        stored = StoredValue(version: expected + 1, bytes: bytes)
        return .stored(version: expected + 1)
      }
    }
    func storeIfAbsent(_ value: StoredValue, for key: String) throws -> StoredValue { stored.withLock { $0 } }
    func onReconnect(_ action: @escaping @Sendable () -> Void) { reconnect.withLock { $0.append(action) } }
  }

  /// The scale-out test caught it once: after Redis came back, one process re-read the store,
  /// took a change published meanwhile, and then the older answer, which took it back a like
  /// for good (858 where the other process and the store had 859).
  @Test func aReadAfterReconnectingDoesNotUndoAChangeReceivedWhileItWasAnswered() {
    let store = SlowStore()
    let pubsub = PubSub(engine: store)
    let likes = SharedState(0, topic: "likes", pubsub: pubsub)
    #expect(likes.value == 1)  // read from the store when made

    // Another process stores 2 and publishes it while this one's read is on its way.
    store.duringNextRead.withLock {
      $0 = {
        store.stored.withLock { $0 = StoredValue(version: 2, bytes: Array("2".utf8)) }
        store.publish(Array(#"{"version":2,"value":2}"#.utf8), on: "likes")
      }
    }
    for action in store.reconnect.withLock({ $0 }) { action() }
    #expect(likes.value == 2)
  }

  /// A store that lost its value and was seeded again has a lower version than the process:
  /// reading it after reconnecting still takes its value, so every process agrees with it.
  @Test func aReadAfterReconnectingTakesAStoreWhoseVersionWentBack() {
    let store = SlowStore()
    let likes = SharedState(0, topic: "likes", pubsub: PubSub(engine: store))
    likes.update { $0 += 5 }  // stored as version 2, 6 likes
    #expect(likes.value == 6)
    store.stored.withLock { $0 = StoredValue(version: 1, bytes: Array("4".utf8)) }
    for action in store.reconnect.withLock({ $0 }) { action() }
    #expect(likes.value == 4)
  }
}
