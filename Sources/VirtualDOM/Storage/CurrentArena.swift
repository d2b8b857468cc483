#if !hasFeature(Embedded)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
#endif

extension NodeArena {
  /// The arena new elements go into: the one entered with `building(_:)` on this thread, else
  /// the thread's own.
  ///
  /// The thread's own arena is emptied for reuse whenever nothing refers to it any more (a loop
  /// that builds and renders a page, then drops it, reuses the same memory every time). While
  /// something does, it only grows; past `implicitLimit` records a fresh one takes over, and
  /// the old one goes with the last node that refers to it.
  static var current: NodeArena {
    let slot = ArenaSlot.current
    if let entered = slot.pointee.entered { return entered }
    return slot.pointee.ownArena()
  }

  /// How many records the thread's own arena may hold while something still refers to it,
  /// before new elements go to a fresh one.
  package static let implicitLimit = 1 << 18

  /// Runs `body` with this arena as the one the elements it builds go into, on this thread.
  ///
  /// ```swift
  /// let arena = NodeArena()
  /// let page = arena.building { main { h1 { "Inventory" } } }
  /// ```
  public func building<Result>(_ body: () -> Result) -> Result {
    let slot = ArenaSlot.current
    let outer = slot.pointee.entered
    slot.pointee.entered = self
    defer { slot.pointee.entered = outer }
    return body()
  }
}

/// One thread's arenas: the one entered, if any, and its own.
///
/// Reached through a plain pointer (thread-specific data natively, one global in Embedded
/// Swift), so finding the current arena for each element costs no reference counting of the
/// slot itself.
struct ArenaSlot {
  var entered: NodeArena?
  private var own: NodeArena?

  @inline(never)  // once per element outside a runtime; one copy, not one per caller
  mutating func ownArena() -> NodeArena {
    guard own != nil else {
      let arena = NodeArena()
      own = arena
      return arena
    }
    if isKnownUniquelyReferenced(&own!) {
      own.unsafelyUnwrapped.reset()
    } else if own.unsafelyUnwrapped.elementCount >= NodeArena.implicitLimit {
      own = NodeArena()
    }
    return own.unsafelyUnwrapped
  }

  #if hasFeature(Embedded)
    // Safe: an Embedded Swift (wasm32) module has one thread.
    nonisolated(unsafe) private static let slot: UnsafeMutablePointer<ArenaSlot> = {
      let slot = UnsafeMutablePointer<ArenaSlot>.allocate(capacity: 1)
      slot.initialize(to: ArenaSlot())
      return slot
    }()

    static var current: UnsafeMutablePointer<ArenaSlot> { slot }
  #else
    /// The calling thread's slot, made on its first use and freed when the thread ends.
    static var current: UnsafeMutablePointer<ArenaSlot> {
      if let pointer = pthread_getspecific(arenaSlotKey) { return pointer.assumingMemoryBound(to: ArenaSlot.self) }
      let slot = UnsafeMutablePointer<ArenaSlot>.allocate(capacity: 1)
      slot.initialize(to: ArenaSlot())
      pthread_setspecific(arenaSlotKey, slot)
      return slot
    }
  #endif
}

#if !hasFeature(Embedded)
  /// The key of every thread's slot; its destructor frees the slot when the thread exits.
  private let arenaSlotKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        let slot = pointer.assumingMemoryBound(to: ArenaSlot.self)
      #else
        guard let slot = pointer?.assumingMemoryBound(to: ArenaSlot.self) else { return }
      #endif
      slot.deinitialize(count: 1)
      slot.deallocate()
    }
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()
#endif

/// Two arenas used in turn: each build goes into the one the previous build did not, so the
/// tree on the page (the old one, which the diff reads) is never overwritten by the next.
///
/// An arena is emptied and reused when nothing but the pair refers to it any more; when a node
/// of it is still kept somewhere, a fresh arena replaces it instead.
///
/// ```swift
/// var arenas = ArenaPair()
/// var mounted = MountedTree(arenas.build { [view(model)] })
/// model.count += 1
/// let patches = arenas.build { mounted.update(to: [view(model)]) }
/// ```
public struct ArenaPair {
  private var first = NodeArena()
  private var second = NodeArena()
  private var useSecond = false

  public init() {}

  /// Runs `body` with the arena the previous build did not use.
  public mutating func build<Result>(_ body: () -> Result) -> Result {
    defer { useSecond.toggle() }
    return useSecond ? Self.build(in: &second, body) : Self.build(in: &first, body)
  }

  private static func build<Result>(in arena: inout NodeArena, _ body: () -> Result) -> Result {
    prepare(&arena)
    return arena.building(body)
  }

  /// Empties `arena` for reuse, or replaces it when something still refers to it.
  @inline(never)
  private static func prepare(_ arena: inout NodeArena) {
    if isKnownUniquelyReferenced(&arena) { arena.reset() } else { arena = NodeArena() }
  }
}

extension NodeArena {
  /// The arena new elements go into on this thread now, for tests that check reuse.
  package static var currentForTesting: NodeArena { current }
}
