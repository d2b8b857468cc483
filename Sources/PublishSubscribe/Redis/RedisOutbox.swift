import Foundation
import NavDOMSupport

/// Where `publish` leaves messages for the publishing thread, which sends them to Redis on a
/// connection of its own: publishing never waits for the network. The outbox holds at most
/// ``capacity`` messages; past that (Redis slow or away) a message is dropped and counted.
/// While Redis is away the thread connects again (0.1 s, doubling up to 5 s) and sends what
/// the outbox kept. After any loss, the next batch also publishes on the framing's
/// resync channel, so other processes read their shared values again.
final class RedisOutbox: Sendable {
  let capacity: Int
  private let queue = Locked((messages: [[UInt8]](), owesResync: false, stopped: false))
  private let wake = DispatchSemaphore(value: 0)
  private let address: RedisAddress
  private let report: RedisReport

  /// The PUBLISH that tells the other processes a message was lost.
  private let resyncCommand: [UInt8]
  /// How long the publisher waits for Redis to answer a batch before it counts the batch lost:
  /// long, since publishing never waits for it, and a loaded machine can be slow to answer.
  static let replyTimeout = 10.0

  init(address: RedisAddress, capacity: Int, framing: RedisFraming, report: RedisReport) {
    self.address = address
    self.capacity = capacity
    self.report = report
    resyncCommand = RESPValue.command([Array("PUBLISH".utf8), Array(framing.resyncChannel.utf8), framing.frame([])])
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
      guard queue.messages.count < capacity else {
        queue.owesResync = true
        return (false, false)
      }
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
        let (batch, carriesResync) = queue.withLock { queue -> ([[UInt8]], Bool) in
          var taken = Array(queue.messages.prefix(1000))
          queue.messages.removeFirst(taken.count)
          let carriesResync = queue.owesResync
          if carriesResync { taken.append(resyncCommand) }
          queue.owesResync = false
          return (taken, carriesResync)
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
          queue.withLock { $0.owesResync = true }
          let lost = batch.count - (carriesResync ? 1 : 0)
          report.dropped(lost, "\(lost) messages were lost with the publisher's connection to \(address) (\(error))")
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
        made.setReceiveTimeout(Self.replyTimeout)
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
