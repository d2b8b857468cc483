import Foundation
import NavDOMSupport

/// A ``PubSubEngine`` over a Redis server, for server processes on several machines: each
/// process keeps a subscriber connection of its own, and a message published in one goes to
/// its own subscribers at once and, through Redis's `PUBLISH`, to every other process's.
/// Speaks RESP3 (RESP2 with a server older than Redis 6); no package needed.
///
/// ```swift
/// let engine = try RedisPubSubEngine(url: "redis://app:secret@10.0.0.5:6379")
/// let likes = SharedState(0, topic: "likes", pubsub: PubSub(engine: engine))
/// ```
///
/// - `publish` never waits: it leaves the message in a bounded outbox (``outboxCapacity``
///   messages) that a thread of its own sends; a message that finds it full is dropped,
///   counted in ``droppedMessages`` and said once on standard error. Messages are delivered
///   at most once; ``SharedState`` converges anyway, since after a loss every other process
///   reads its values from Redis again.
/// - When Redis goes away every connection comes back by itself (after 0.1 s, doubling up to
///   5 s), subscribes again, and the engine's ``SharedValueStore`` users (``SharedState``)
///   read their values again.
/// - It is also a ``SharedValueStore`` (``SharedState`` is then exact across processes) and a
///   ``VisitorStore`` (visitors' state outlives their process).
public final class RedisPubSubEngine: PubSubEngine {
  /// Where the engine connects.
  public let address: RedisAddress
  /// The most messages the outbox holds while Redis is slow or away.
  public var outboxCapacity: Int { outbox.capacity }
  /// How long a visitor's state is kept after it was last written (30 days unless told).
  public let visitorLifetime: Int

  let framing: RedisFraming
  private let report: RedisReport
  let subscriber: RedisSubscriber
  private let outbox: RedisOutbox
  /// The connection for stored values and visitors' state, one command at a time.
  let commands: RedisCommands

  /// Connects to the Redis server at `url` (`redis://[[user]:password@]host[:port][/db]`),
  /// logging in, before returning: throws ``PubSubEngineError`` saying whether the address does
  /// not answer, the server refused the credentials, or it is not a Redis server. Channels and
  /// keys are named under `prefix`, so several apps can share one Redis.
  ///
  /// ```swift
  /// let engine = try RedisPubSubEngine(url: "redis://127.0.0.1:6379", prefix: "inventory:")
  /// ```
  public convenience init(
    url: String, prefix: String = "navdom:", outboxCapacity: Int = 10_000, visitorLifetime: Int = 30 * 24 * 3600
  ) throws {
    try self.init(address: RedisAddress(url), prefix: prefix, outboxCapacity: outboxCapacity, visitorLifetime: visitorLifetime)
  }

  /// The same, from an address already read.
  ///
  /// ```swift
  /// let engine = try RedisPubSubEngine(address: RedisAddress(host: "127.0.0.1", password: "secret"))
  /// ```
  public init(
    address: RedisAddress, prefix: String = "navdom:", outboxCapacity: Int = 10_000, visitorLifetime: Int = 30 * 24 * 3600
  ) throws {
    guard outboxCapacity > 0 else { throw PubSubEngineError("outboxCapacity must be at least 1, not \(outboxCapacity)") }
    guard visitorLifetime > 0 else { throw PubSubEngineError("visitorLifetime must be at least 1 second, not \(visitorLifetime)") }
    self.address = address
    self.visitorLifetime = visitorLifetime
    framing = RedisFraming(prefix: prefix)
    report = RedisReport(address: address)
    commands = try RedisCommands(address: address, report: report)
    subscriber = RedisSubscriber(address: address, framing: framing, report: report)
    outbox = RedisOutbox(address: address, capacity: outboxCapacity, framing: framing, report: report)
    subscriber.start()
    outbox.start()
    // The subscriber connects on its own thread: wait for it (a moment), so that a message
    // published right after `subscribe` returns reaches this process.
    for _ in 0..<200 where !subscriber.isSubscribed { Thread.sleep(forTimeInterval: 0.01) }
  }

  deinit {
    subscriber.stop()
    outbox.stop()
    commands.stop()
  }

  /// Messages that did not reach Redis: the outbox was full, or the connection broke with
  /// them in flight.
  public var droppedMessages: Int { report.dropped }

  /// Whether the subscriber connection is up and every topic subscribed.
  public var isSubscribed: Bool { subscriber.isSubscribed }

  public func publish(_ payload: [UInt8], on topic: String) {
    subscriber.deliverHere(payload, on: topic)
    outbox.post(RESPValue.command([Array("PUBLISH".utf8), Array(framing.channel(topic).utf8), framing.frame(payload)]))
  }

  public func subscribe(to topic: String, _ deliver: @escaping @Sendable ([UInt8]) -> Void) {
    subscriber.subscribe(to: topic, deliver)
  }
}
