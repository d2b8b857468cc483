/// What an engine offers when it can also keep values for every process (Redis can; datagram
/// sockets cannot): ``SharedState`` then keeps its value and version there, so an update made
/// in two processes at once is exact and a process that starts late reads the value first.
/// An engine without it leaves ``SharedState`` as it is in one process.
///
/// ```swift
/// let engine = try RedisPubSubEngine(url: "redis://127.0.0.1:6379")
/// let store: any SharedValueStore = engine
/// let current = try store.storedValue(for: "likes")   // nil until a first update
/// ```
public protocol SharedValueStore: Sendable {
  /// The value stored under `key` and its version, or `nil` when none is.
  func storedValue(for key: String) throws -> StoredValue?
  /// Stores `bytes` as the next version if the stored version is still `expected` (0: nothing
  /// stored yet), atomically for every process. `operation` names this change: when it
  /// was already applied (an answer lost to a dropped connection, then retried), the store
  /// does not apply it twice and answers ``StoreOutcome/alreadyStored(_:)``.
  func store(_ bytes: [UInt8], for key: String, ifVersion expected: UInt64, operation: String) throws -> StoreOutcome
  /// Stores `value` only when nothing is stored under `key` (the store lost it); what is
  /// stored afterwards, either way.
  func storeIfAbsent(_ value: StoredValue, for key: String) throws -> StoredValue
  /// Calls `action` each time the engine has (re)connected and subscribed again, or heard that
  /// another process lost messages on their way: values changed meanwhile must be read again.
  func onReconnect(_ action: @escaping @Sendable () -> Void)
}

/// A value kept by a ``SharedValueStore``: its encoded bytes and how many changes it has seen.
///
/// ```swift
/// let stored = StoredValue(version: 3, bytes: Array("42".utf8))
/// ```
public struct StoredValue: Sendable, Equatable {
  public var version: UInt64
  public var bytes: [UInt8]

  public init(version: UInt64, bytes: [UInt8]) {
    self.version = version
    self.bytes = bytes
  }
}

/// How ``SharedValueStore/store(_:for:ifVersion:operation:)`` went.
///
/// ```swift
/// let outcome = StoreOutcome.stored(version: 4)
/// ```
public enum StoreOutcome: Sendable, Equatable {
  /// Stored as this version.
  case stored(version: UInt64)
  /// Another process changed it first: this is what is stored (`nil`: nothing is).
  case conflict(StoredValue?)
  /// This operation was stored before; this is what is stored now.
  case alreadyStored(StoredValue?)
}
