import NavDOMSupport

/// What carries ``PubSub``'s messages: encoded bytes by topic. ``LocalPubSubEngine`` carries
/// them within one process; an engine shared by several server processes
/// (``UnixSocketPubSubEngine`` on one machine, ``RedisPubSubEngine`` on several) carries the
/// same bytes between them, each process delivering to its own subscribers, the publisher's
/// own included. An engine may also be a ``SharedValueStore`` and a ``VisitorStore``.
///
/// ```swift
/// let engine = LocalPubSubEngine()
/// engine.subscribe(to: "likes") { bytes in print(bytes.count) }
/// engine.publish(Array("{}".utf8), on: "likes")
/// ```
public protocol PubSubEngine: Sendable {
  /// Sends `payload` to every subscriber of `topic`. Must not wait for the subscribers' work.
  func publish(_ payload: [UInt8], on topic: String)
  /// Calls `deliver` with every payload later published on `topic`, in the order published.
  func subscribe(to topic: String, _ deliver: @escaping @Sendable ([UInt8]) -> Void)
}

/// The engine for one process: `publish` hands the payload to each subscriber of the topic on
/// the publishing thread, in the order they subscribed, outside any lock (a subscriber may
/// publish or subscribe in turn).
///
/// ```swift
/// let pubsub = PubSub(engine: LocalPubSubEngine())
/// ```
public final class LocalPubSubEngine: PubSubEngine {
  private let subscribers = Locked<[String: [@Sendable ([UInt8]) -> Void]]>([:])

  public init() {}

  public func publish(_ payload: [UInt8], on topic: String) {
    let receivers = subscribers.withLock { $0[topic] ?? [] }
    for deliver in receivers { deliver(payload) }
  }

  public func subscribe(to topic: String, _ deliver: @escaping @Sendable ([UInt8]) -> Void) {
    subscribers.withLock { $0[topic, default: []].append(deliver) }
  }
}
