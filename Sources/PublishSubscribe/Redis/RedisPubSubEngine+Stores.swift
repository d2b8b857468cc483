/// Shared values as Redis hashes (`version`, `value`) changed by a Lua script, which Redis runs
/// alone: compare the version, store the next one, remember the operation for ten minutes (a
/// retry after a lost answer is recognized, not applied twice). Visitors' state as one hash per
/// visitor, kept ``RedisPubSubEngine/visitorLifetime`` seconds after its last change.
extension RedisPubSubEngine: SharedValueStore, VisitorStore {
  static let compareAndSet = """
    local current = redis.call('HMGET', KEYS[1], 'version', 'value')
    if redis.call('EXISTS', KEYS[2]) == 1 then return {2, current[1] or '0', current[2]} end
    local version = tonumber(current[1] or '0')
    if version ~= tonumber(ARGV[1]) then return {0, tostring(version), current[2]} end
    redis.call('HSET', KEYS[1], 'version', tostring(version + 1), 'value', ARGV[2])
    redis.call('SET', KEYS[2], '1', 'EX', 600)
    return {1, tostring(version + 1)}
    """
  static let storeIfAbsent = """
    if redis.call('EXISTS', KEYS[1]) == 0 then
      redis.call('HSET', KEYS[1], 'version', ARGV[1], 'value', ARGV[2])
    end
    return redis.call('HMGET', KEYS[1], 'version', 'value')
    """

  /// The hash holding a stored value and its version: `navdom:value:KEY`.
  private func valueKey(_ key: String) -> String { framing.key("value", key) }

  public func storedValue(for key: String) throws -> StoredValue? {
    try Self.stored(commands.call(["HMGET", valueKey(key), "version", "value"]).elements ?? [], from: 0)
  }

  public func store(_ bytes: [UInt8], for key: String, ifVersion expected: UInt64, operation: String) throws -> StoreOutcome {
    let reply = try commands.call(
      [Self.compareAndSet, "2", valueKey(key), framing.key("operation", operation), String(expected)]
        .map { Array($0.utf8) }.prefixed(by: "EVAL") + [bytes])
    guard let parts = reply.elements, let kind = parts.first, case .integer(let outcome) = kind, parts.count >= 2 else {
      throw PubSubEngineError("Redis at \(address) answered the update script with \(reply)")
    }
    switch outcome {
    case 1:
      guard let version = parts[1].text.flatMap({ UInt64($0) }) else { throw PubSubEngineError("a version that is not a number: \(parts[1])") }
      return .stored(version: version)
    case 2: return .alreadyStored(try Self.stored(parts, from: 1))
    default: return .conflict(try Self.stored(parts, from: 1))
    }
  }

  public func storeIfAbsent(_ value: StoredValue, for key: String) throws -> StoredValue {
    let reply = try commands.call(
      [Self.storeIfAbsent, "1", valueKey(key), String(value.version)].map { Array($0.utf8) }.prefixed(by: "EVAL")
        + [value.bytes])
    return try Self.stored(reply.elements ?? [], from: 0) ?? value
  }

  public func onReconnect(_ action: @escaping @Sendable () -> Void) {
    subscriber.onReconnect(action)
  }

  public func get(visitor: String, key: String) throws -> [UInt8]? {
    try commands.call(["HGET", framing.key("visitor", visitor), key]).bytes
  }

  public func set(visitor: String, key: String, value: [UInt8]?) throws {
    let hash = framing.key("visitor", visitor)
    guard let value else {
      try commands.call(["HDEL", hash, key])
      return
    }
    try commands.call([Array("HSET".utf8), Array(hash.utf8), Array(key.utf8), value])
    try commands.call(["EXPIRE", hash, String(visitorLifetime)])
  }

  /// The version and value at `index` and after it in a reply; `nil` when none is stored.
  private static func stored(_ parts: [RESPValue], from index: Int) throws -> StoredValue? {
    guard parts.count >= index + 2, let versionText = parts[index].text, let bytes = parts[index + 1].bytes else { return nil }
    guard let version = UInt64(versionText) else { throw PubSubEngineError("a stored version that is not a number: \(versionText)") }
    return StoredValue(version: version, bytes: bytes)
  }
}

extension Array where Element == [UInt8] {
  fileprivate func prefixed(by word: String) -> [[UInt8]] { [[UInt8](word.utf8)] + self }
}
