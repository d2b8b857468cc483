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
  /// The thread's own arena is a `ReusableArena`: a loop that builds and renders a page, then
  /// drops it, reuses the same memory every time.
  static var current: NodeArena {
    let slot = ArenaSlot.current
    if let entered = slot.pointee.entered { return entered }
    let choice = slot.pointee.own.choose()
    if choice.isUnused { choice.arena.reset() }
    return choice.arena
  }

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
  /// The thread's own arena, made on first use.
  var own = ReusableArena()

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

extension NodeArena {
  /// The arena new elements go into on this thread now, for tests that check reuse.
  package static var currentForTesting: NodeArena { current }
}
