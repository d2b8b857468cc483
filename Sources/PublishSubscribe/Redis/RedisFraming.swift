/// How the engine names things in Redis and marks its own messages: channels and keys under
/// a prefix (`navdom:` unless told), and each message published as `navdom:ORIGIN:` followed
/// by the payload, ORIGIN being 16 hex digits that name the engine. A process delivers its own
/// messages at once and passes over their echo from Redis; a message without the mark (another
/// program's `PUBLISH`) is delivered whole.
struct RedisFraming: Sendable {
  let prefix: String
  let origin: [UInt8]

  init(prefix: String) {
    self.prefix = prefix
    origin = Array(("navdom:" + String(UInt64.random(in: 0...UInt64.max) | 1 << 63, radix: 16) + ":").utf8)
  }

  func channel(_ topic: String) -> String { prefix + topic }

  /// Where an engine that lost messages on their way to Redis says so: every other engine then
  /// has its ``SharedValueStore`` users read their values again (a lost change is not lost for
  /// good). Named like a key, so no topic's channel can be it.
  var resyncChannel: String { key("control", "resync") }

  func topic(ofChannel channel: String) -> String? {
    channel.hasPrefix(prefix) ? String(channel.dropFirst(prefix.count)) : nil
  }

  func key(_ kind: String, _ name: String) -> String { prefix + kind + ":" + name }

  func frame(_ payload: [UInt8]) -> [UInt8] { origin + payload }

  /// The payload of a message, `nil` when it is this engine's own.
  func payload(of message: [UInt8]) -> [UInt8]? {
    let mark = Array("navdom:".utf8)
    guard message.count >= origin.count, message.starts(with: mark), message[origin.count - 1] == UInt8(ascii: ":") else {
      return message
    }
    if message.starts(with: origin) { return nil }
    return Array(message[origin.count...])
  }
}
