import VirtualDOM

/// Strings kept for one visitor across reloads: the same API live and from WebAssembly.
///
/// Live, the server names each visitor with an HttpOnly, SameSite=Lax cookie and keeps the
/// values in a `VisitorStore` (in its process by default, in Redis with `serve --redis`);
/// from WebAssembly they are in the browser's `localStorage`. Either way a reload finds them,
/// and another browser profile does not. Read ``current`` while a session starts (the host
/// sets it then), keep it in the model, and write to it whenever the state changes:
///
/// ```swift
/// final class TodoList {
///   @Observed var titles: [String] = []
///   let storage = VisitorStorage.current
///   init() { titles = storage.string(forKey: "todos")?.split(separator: "\n").map(String.init) ?? [] }
///   func add(_ title: String) {
///     titles.append(title)
///     storage.set(titles.joined(separator: "\n"), forKey: "todos")
///   }
/// }
/// ```
public final class VisitorStorage {
  private let read: (String) -> String?
  private let write: (String, String?) -> Void

  /// A storage reading and writing through these closures (a host's backing store).
  ///
  /// ```swift
  /// let storage = VisitorStorage(read: { _ in nil }, write: { _, _ in })
  /// ```
  public init(read: @escaping (_ key: String) -> String?, write: @escaping (_ key: String, _ value: String?) -> Void) {
    self.read = read
    self.write = write
  }

  /// The value kept under `key`, or `nil`.
  ///
  /// ```swift
  /// let saved = VisitorStorage.current.string(forKey: "todos")
  /// ```
  public func string(forKey key: String) -> String? { read(key) }

  /// Keeps `value` under `key` for this visitor; `nil` forgets it.
  ///
  /// ```swift
  /// VisitorStorage.current.set("dark", forKey: "theme")
  /// ```
  public func set(_ value: String?, forKey key: String) { write(key, value) }

  /// The storage of the visitor whose session is being started on this thread (the host
  /// sets it with ``using(_:_:)``); outside a host, one in this thread's memory.
  ///
  /// ```swift
  /// let storage = VisitorStorage.current
  /// ```
  public static var current: VisitorStorage {
    let slot = ThreadSlot.current
    if let storage = slot.visitorStorage { return storage }
    let storage = VisitorStorage.inMemory()
    slot.visitorStorage = storage
    return storage
  }

  /// Runs `body` with `storage` as ``current`` (what a host does around starting a session).
  ///
  /// ```swift
  /// let storage = VisitorStorage.inMemory()
  /// let value = VisitorStorage.using(storage) { VisitorStorage.current.string(forKey: "k") }
  /// ```
  public static func using<Result, Failure: Error>(
    _ storage: VisitorStorage, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let slot = ThreadSlot.current
    let outer = slot.visitorStorage
    slot.visitorStorage = storage
    defer { slot.visitorStorage = outer }
    return try body()
  }

  /// A storage in memory, for tests and for code run outside a host.
  ///
  /// ```swift
  /// let storage = VisitorStorage.inMemory()
  /// storage.set("1", forKey: "visits")
  /// ```
  public static func inMemory() -> VisitorStorage {
    let pairs = InMemoryVisitorPairs()
    return VisitorStorage(
      read: { key in pairs.entries.first { DOMString.equal($0.key, key) }?.value },
      write: { key, value in
        pairs.entries.removeAll { DOMString.equal($0.key, key) }
        if let value { pairs.entries.append((key, value)) }
      })
  }
}

/// The values of ``VisitorStorage/inMemory()``: pairs compared with DOMString.equal, not a
/// Dictionary (String hashing would bring Unicode normalization into a WebAssembly module). At
/// file scope: Embedded Swift cannot specialize a class declared inside a function.
final class InMemoryVisitorPairs {
  var entries: [(key: String, value: String)] = []
}
