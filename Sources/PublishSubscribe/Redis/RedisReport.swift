import Foundation
import NavDOMSupport

/// What the engine says on standard error, once per outage and once for its first drop.
final class RedisReport: Sendable {
  private let state = Locked((down: Set<String>(), dropped: 0))
  let address: RedisAddress

  init(address: RedisAddress) { self.address = address }

  var isDown: Bool { state.withLock { !$0.down.isEmpty } }
  var dropped: Int { state.withLock { $0.dropped } }

  func lost(_ connection: String, _ error: any Error) {
    let first = state.withLock { $0.down.insert(connection).inserted }
    if first { say("lost its \(connection) connection to \(address) (\(error)); reconnecting") }
  }

  func reconnected(_ connection: String) {
    let was = state.withLock { $0.down.remove(connection) != nil }
    if was { say("\(connection) connection to \(address) is back") }
  }

  func dropped(_ count: Int, _ reason: String) {
    let first = state.withLock { state -> Bool in
      state.dropped += count
      return state.dropped == count
    }
    if first { say("\(reason); counted in droppedMessages") }
  }

  private func say(_ text: String) {
    FileHandle.standardError.write(Data(("navdom redis: " + text + "\n").utf8))
  }
}
