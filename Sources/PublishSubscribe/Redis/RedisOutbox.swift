import Foundation
import NavDOMSupport

/// Where `publish` leaves messages for the publishing thread, which sends them to Redis on a
/// connection of its own: publishing never waits for the network. The outbox holds at most
/// ``capacity`` messages; past that (Redis slow or away) a message is dropped and counted.
/// While Redis is away the thread connects again (0.1 s, doubling up to 5 s) and sends what
/// the outbox kept.
final class RedisOutbox: Sendable {
  let capacity: Int
  private let queue = Locked((messages: [[UInt8]](), stopped: false))
  private let wake = DispatchSemaphore(value: 0)
  private let address: RedisAddress
  private let report: RedisReport

  init(address: RedisAddress, capacity: Int, report: RedisReport) {
    self.address = address
    self.capacity = capacity
    self.report = report
  }

  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "navdom-redis-publisher"
    thread.start()
  }

  func stop() {
    queue.withLock { $0.stopped = true }
    wake.signal()
  }

  /// Leaves one encoded PUBLISH command; `false` (dropped) when the outbox is full.
  func post(_ command: [UInt8]) {
    let outcome = queue.withLock { queue -> (accepted: Bool, wasEmpty: Bool) in
      guard queue.messages.count < capacity else { return (false, false) }
      queue.messages.append(command)
      return (true, queue.messages.count == 1)
    }
    if !outcome.accepted {
      report.dropped(1, "the Redis outbox is full (\(capacity) messages waiting for \(address)); a message was dropped")
    } else if outcome.wasEmpty {
      wake.signal()
    }
  }

  private var isStopped: Bool { queue.withLock { $0.stopped } }

  private func run() {
    var connection: RedisConnection?
    while true {
      wake.wait()
      while !isStopped {
        let batch = queue.withLock { queue -> [[UInt8]] in
          let taken = Array(queue.messages.prefix(1000))
          queue.messages.removeFirst(taken.count)
          return taken
        }
        if batch.isEmpty { break }
        if connection?.isOpenWhileIdle == false { connection = nil }
        guard let live = connection ?? connect() else { break }
        connection = live
        do {
          try live.send(Array(batch.joined()))
          for _ in batch {
            if case .error(let message) = try live.read() { report.dropped(1, "Redis refused a message: \(message)") }
          }
        } catch {
          connection = nil
          report.dropped(batch.count, "\(batch.count) messages were lost with the connection to \(address)")
        }
      }
      if isStopped { return }
    }
  }

  /// A new connection, trying again with a growing wait until one is made or the engine stops.
  private func connect() -> RedisConnection? {
    var backoff = 0.1
    while !isStopped {
      do {
        let made = try RedisConnection(to: address, timeout: 2)
        report.reconnected("publisher")
        return made
      } catch {
        report.lost("publisher", error)
      }
      Thread.sleep(forTimeInterval: backoff)
      backoff = min(backoff * 2, 5)
    }
    return nil
  }
}
