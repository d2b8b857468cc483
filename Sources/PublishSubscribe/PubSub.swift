import Foundation

/// Publish/subscribe by topic, as Phoenix.PubSub: any code (a visitor's event, a background
/// thread, `onServe`) broadcasts a message on a topic, and every subscriber of that topic gets
/// it. Messages travel as JSON through a ``PubSubEngine``, so the same messages can later cross
/// processes (Redis, Postgres LISTEN/NOTIFY) with another engine and no change to the app.
/// Subscribers run on the broadcasting thread: hand the message to the sessions with
/// LiveSessions' `LiveServer.performOnEverySession(_:)`, which never waits.
///
/// ```swift
/// struct Lent: Codable, Sendable { var book: Int }
/// let pubsub = PubSub()
/// pubsub.subscribe(to: "lending", as: Lent.self) { lent in
///   live.performOnEverySession { $0.model(as: LibraryModel.self)?.markLent(lent.book) }
/// }
/// pubsub.broadcast(Lent(book: 3), on: "lending")
/// ```
public struct PubSub: Sendable {
  public let engine: any PubSubEngine
  /// Where visitors' state is kept: the engine when it is a ``VisitorStore`` (Redis: it
  /// outlives the process), else this process's memory.
  ///
  /// ```swift
  /// try PubSub.shared.visitors.set(3, visitor: "v1", key: "likes")
  /// ```
  public let visitors: any VisitorStore

  /// Within this process unless another engine is given.
  public init(engine: any PubSubEngine = LocalPubSubEngine()) {
    self.engine = engine
    visitors = engine as? any VisitorStore ?? InMemoryVisitorStore()
  }

  /// Sends `message` to every subscriber of `topic` (this one's included). `false`, sending
  /// nothing, if it cannot be encoded.
  @discardableResult
  public func broadcast<Message: Encodable & Sendable>(_ message: Message, on topic: String) -> Bool {
    guard let data = try? JSONEncoder().encode(message) else { return false }
    engine.publish(Array(data), on: topic)
    return true
  }

  /// Calls `receive` with every message later broadcast on `topic`. A message that does not
  /// decode as `Message` (another program's, another version's) is skipped.
  public func subscribe<Message: Decodable & Sendable>(
    to topic: String, as type: Message.Type = Message.self, _ receive: @escaping @Sendable (Message) -> Void
  ) {
    engine.subscribe(to: topic) { payload in
      guard let message = try? JSONDecoder().decode(Message.self, from: Data(payload)) else { return }
      receive(message)
    }
  }
}
