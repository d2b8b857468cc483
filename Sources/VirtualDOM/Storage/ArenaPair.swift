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

  /// Two empty arenas.
  ///
  /// ```swift
  /// var arenas = ArenaPair()
  /// ```
  public init() {}

  /// Runs `body` with the arena the previous build did not use.
  ///
  /// ```swift
  /// var arenas = ArenaPair()
  /// let page = arenas.build { main { h1 { "Inventory" } } }
  /// ```
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
