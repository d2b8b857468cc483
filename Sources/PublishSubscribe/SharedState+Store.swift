import Foundation

/// ``SharedState`` over a ``SharedValueStore``: updates as compare-and-set on the stored
/// version, and the value read again after the engine reconnects.
extension SharedState where Value: Codable {
  /// How long ``update(_:)`` keeps trying while the store cannot be reached (Redis restarting)
  /// before it gives the change up, saying so on standard error.
  static var storeWaitLimit: Double { 15 }

  /// Stores `change` applied to the newest value, running it again on the newer value each time
  /// another process stored first; then announces the change.
  func updateInStore(_ change: (inout Value) -> Void) -> Value {
    guard let store else { return value }
    let operation = String(UInt64.random(in: 0...UInt64.max), radix: 16) + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    var (version, base) = state.withLock { ($0.version, $0.value) }
    var waited = 0.0
    var backoff = 0.05
    while true {
      var next = base
      change(&next)
      do {
        let bytes = try Array(JSONEncoder().encode(next))
        switch try store.store(bytes, for: topic, ifVersion: version, operation: operation) {
        case .stored(let stored):
          // The engine delivers it here at once too (`receive`), then to every other process.
          send?(Change(version: stored, value: next))
          return next
        case .alreadyStored(let current):  // stored before its answer was lost
          guard let current else { return next }
          let stored = Change(version: current.version, value: try JSONDecoder().decode(Value.self, from: Data(current.bytes)))
          receive(stored)
          return next
        case .conflict(let current?):  // another process stored first: again on its value
          version = current.version
          base = try JSONDecoder().decode(Value.self, from: Data(current.bytes))
        case .conflict(nil):  // the store lost the value
          (version, base) = try seed(store)
        }
      } catch {
        guard waited < Self.storeWaitLimit else {
          FileHandle.standardError.write(Data("navdom: SharedState \"\(topic)\": a change was given up: \(error)\n".utf8))
          return value
        }
        Thread.sleep(forTimeInterval: backoff)
        waited += backoff
        backoff = min(backoff * 2, 1)
      }
    }
  }

  /// Puts this process's value in a store that lost it (restarted without its data); what the
  /// store holds afterwards (another process's, if it seeded first).
  private func seed(_ store: any SharedValueStore) throws -> (UInt64, Value) {
    let (version, value) = state.withLock { ($0.version, $0.value) }
    let stored = try store.storeIfAbsent(StoredValue(version: version, bytes: Array(JSONEncoder().encode(value))), for: topic)
    return (stored.version, try JSONDecoder().decode(Value.self, from: Data(stored.bytes)))
  }

  /// Takes the store's value as this process's (the store is the truth), or seeds a store that
  /// lost it. `restoring`: after a reconnect, where observers hear of a value that changed.
  func readStore(restoring: Bool) {
    guard let store else { return }
    // A change received while the store answers (another process's, published after the
    // value was read) is newer than the answer: the answer must not take this process back.
    let versionBefore = state.withLock { $0.version }
    do {
      let (version, value): (UInt64, Value)
      if let stored = try store.storedValue(for: topic) {
        (version, value) = (stored.version, try JSONDecoder().decode(Value.self, from: Data(stored.bytes)))
      } else if restoring {
        (version, value) = try seed(store)
      } else {
        return
      }
      state.withLock { state in
        // A different version is taken, even a lower one (the store lost its value and was
        // seeded again), unless a newer change came meanwhile.
        let isNewer = state.version == versionBefore || state.version < version
        guard state.version != version, isNewer else { return }
        state.undelivered.append((state.value, value))
        state.version = version
        state.value = value
      }
      deliver()
    } catch {
      FileHandle.standardError.write(Data("navdom: SharedState \"\(topic)\" could not read its stored value: \(error)\n".utf8))
    }
  }
}
