import NavDOMThreadSlot

extension NodeArena {
  /// The arena new elements go into: the one entered with `building(_:)` on this thread, else
  /// the thread's own.
  ///
  /// The thread's own arena is a `ReusableArena`: a loop that builds and renders a page, then
  /// drops it, reuses the same memory every time.
  static var current: NodeArena {
    let slot = ArenaSlot.current
    if let entered = slot.pointee.entered { return entered }
    return slot.pointee.own.choose().ready()
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
/// Reached through a plain pointer in a thread slot (NavDOMThreadSlot: thread-specific data
/// natively, a global in a wasm module), so finding the current arena for each element costs
/// no reference counting of the slot itself.
struct ArenaSlot {
  var entered: NodeArena?
  /// The thread's own arena, made on first use.
  var own = ReusableArena()

  /// The calling thread's slot, made on its first use and freed when the thread ends.
  static var current: UnsafeMutablePointer<ArenaSlot> {
    if let pointer = navdom_thread_slot_get(arenaSlotKey) { return pointer.assumingMemoryBound(to: ArenaSlot.self) }
    let slot = UnsafeMutablePointer<ArenaSlot>.allocate(capacity: 1)
    slot.initialize(to: ArenaSlot())
    navdom_thread_slot_set(arenaSlotKey, slot)
    return slot
  }
}

/// The thread slot (NavDOMThreadSlot) holding each thread's `ArenaSlot`; its destructor frees
/// a thread's slot when the thread ends.
private let arenaSlotKey: Int32 = {
  let key = navdom_thread_slot_create { pointer in
    guard let slot = pointer?.assumingMemoryBound(to: ArenaSlot.self) else { return }
    slot.deinitialize(count: 1)
    slot.deallocate()
  }
  precondition(key >= 0, "no thread slot left for the arenas")
  return key
}()

extension NodeArena {
  /// The arena new elements go into on this thread now, for tests that check reuse.
  package static var currentForTesting: NodeArena { current }
}
