/// An arena that one owner builds into time after time: a thread for the elements it builds
/// outside any render, a runtime for the code of its events.
///
/// Before each use it is emptied when nothing else refers to it, so the same memory serves
/// every time. While something does (a node kept in a model), it only grows, which keeps that
/// node valid; past `growthLimit` records a fresh arena takes over, and the old one goes with
/// the last node that refers to it.
///
/// Used as `owner.arena.choose().ready()`: `choose` is the access to the owner's storage,
/// `ready` empties the arena after that access has ended, since emptying releases listener
/// closures whose captures' `deinit`s are the app's code.
package struct ReusableArena {
  private var arena: NodeArena?

  /// How many records an arena something still refers to may hold before a fresh one takes over.
  package static let growthLimit = 1 << 18

  package init() {}

  /// The arena to build into now, to be made ready (`ArenaChoice.ready`).
  @inline(never)  // once per element outside a runtime; one copy, not one per caller
  package mutating func choose() -> ArenaChoice {
    guard arena != nil else {
      let fresh = NodeArena()
      arena = fresh
      return ArenaChoice(arena: fresh, isUnused: false)
    }
    let isUnused = isKnownUniquelyReferenced(&arena!)
    let current = arena.unsafelyUnwrapped
    if !isUnused && current.elementCount >= Self.growthLimit {
      let fresh = NodeArena()
      arena = fresh
      return ArenaChoice(arena: fresh, isUnused: false)
    }
    return ArenaChoice(arena: current, isUnused: isUnused)
  }
}

/// An arena chosen to build into, and whether nothing else refers to it (so it is emptied
/// before use).
package struct ArenaChoice {
  let arena: NodeArena
  let isUnused: Bool

  /// The arena, emptied first when nothing else refers to it.
  package func ready() -> NodeArena {
    if isUnused { arena.reset() }
    return arena
  }
}
