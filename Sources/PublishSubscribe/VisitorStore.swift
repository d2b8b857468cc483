import Foundation
import NavDOMSupport

/// State kept per visitor (by the visitor's id, such as a cookie's value) and per key, outside
/// any session: a visitor whose process stopped and who reloads onto another finds it there
/// when the store is shared (``RedisPubSubEngine`` is one). ``InMemoryVisitorStore`` keeps it
/// in this process.
///
/// ```swift
/// let store: any VisitorStore = InMemoryVisitorStore()
/// try store.set(visitor: "v1", key: "likes", value: Array("3".utf8))
/// let likes = try store.get(visitor: "v1", key: "likes")   // the bytes of "3"
/// ```
public protocol VisitorStore: Sendable {
  /// What is kept for `visitor` under `key`, or `nil`.
  func get(visitor: String, key: String) throws -> [UInt8]?
  /// Keeps `value` for `visitor` under `key`; `nil` forgets it.
  func set(visitor: String, key: String, value: [UInt8]?) throws
}

extension VisitorStore {
  /// The value kept for `visitor` under `key`, decoded from JSON; `nil` when none is kept or
  /// it does not decode as `Value`.
  ///
  /// ```swift
  /// let store = InMemoryVisitorStore()
  /// let likes = try store.value(Int.self, visitor: "v1", key: "likes") ?? 0
  /// ```
  public func value<Value: Decodable>(_ type: Value.Type, visitor: String, key: String) throws -> Value? {
    guard let bytes = try get(visitor: visitor, key: key) else { return nil }
    return try? JSONDecoder().decode(Value.self, from: Data(bytes))
  }

  /// Keeps `value` for `visitor` under `key`, as JSON.
  ///
  /// ```swift
  /// let store = InMemoryVisitorStore()
  /// try store.set(3, visitor: "v1", key: "likes")
  /// ```
  public func set<Value: Encodable>(_ value: Value, visitor: String, key: String) throws {
    try set(visitor: visitor, key: key, value: Array(JSONEncoder().encode(value)))
  }
}

/// A ``VisitorStore`` in this process's memory: gone with the process.
///
/// ```swift
/// let store = InMemoryVisitorStore()
/// try store.set(visitor: "v1", key: "theme", value: Array("\"dark\"".utf8))
/// ```
public final class InMemoryVisitorStore: VisitorStore {
  private let values = Locked<[String: [String: [UInt8]]]>([:])

  public init() {}

  public func get(visitor: String, key: String) -> [UInt8]? {
    values.withLock { $0[visitor]?[key] }
  }

  public func set(visitor: String, key: String, value: [UInt8]?) {
    values.withLock { $0[visitor, default: [:]][key] = value }
  }
}
