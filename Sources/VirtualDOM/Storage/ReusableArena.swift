/// An arena that one owner builds into time after time: a thread for the elements it builds
/// outside any render, a runtime for the code of its events.
///
/// Before each use it is emptied when nothing else refers to it, so the same memory serves
/// every time. While something does (a node kept in a model), it only grows, which keeps that
/// node valid; past `growthLimit` records a fresh arena takes over, and the old one goes with
/// the last node that refers to it.
///
/// ```swift
/// var scratch = ReusableArena()
/// let html = scratch.prepared().building { p { "Saved" } }
/// ```
public struct ReusableArena {
  private var arena: NodeArena?

  /// How many records an arena something still refers to may hold before a fresh one takes over.
  public static let growthLimit = 1 << 18

  public init() {}

  /// The arena to build into now.
  public mutating func prepared() -> NodeArena {
    let choice = choose()
    if choice.isUnused { choice.arena.reset() }
    return choice.arena
  }

  /// The arena to build into now, and whether nothing else refers to it (so it is to be
  /// emptied first). Emptying is left to the caller, outside this access to the owner's
  /// storage: it releases listener closures, whose captures may build elements.
  @inline(never)  // once per element outside a runtime; one copy, not one per caller
  package mutating func choose() -> (arena: NodeArena, isUnused: Bool) {
    guard arena != nil else {
      let fresh = NodeArena()
      arena = fresh
      return (fresh, false)
    }
    let isUnused = isKnownUniquelyReferenced(&arena!)
    let current = arena.unsafelyUnwrapped
    if !isUnused && current.elementCount >= Self.growthLimit {
      let fresh = NodeArena()
      arena = fresh
      return (fresh, false)
    }
    return (current, isUnused)
  }
}
