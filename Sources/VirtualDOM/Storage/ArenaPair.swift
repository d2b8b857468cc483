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

  /// How many builds in a row found their arena still referred to, and took a fresh one.
  ///
  /// It climbs only while something keeps a node of every build alive: a store that grows
  /// without end, or a listener that captures a node of its own tree (its arena then refers to
  /// itself, and is never freed). A runtime warns when it gets high.
  public private(set) var replacementsInARow = 0

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
    nextArena().building(body)
  }

  /// The arena the next build goes into (the one the previous build did not use), emptied.
  ///
  /// ```swift
  /// var arenas = ArenaPair()
  /// let page = arenas.nextArena().building { main { h1 { "Inventory" } } }
  /// ```
  public mutating func nextArena() -> NodeArena {
    choose().ready()
  }

  /// The arena the next build goes into, to be made ready (`ArenaChoice.ready`) once the access
  /// to the pair has ended: for an owner whose arena's listeners must not be released while it
  /// holds the pair (a runtime, whose app code they run).
  package mutating func choose() -> ArenaChoice {
    let next = useSecond ? Self.prepare(&second) : Self.prepare(&first)
    useSecond.toggle()
    replacementsInARow = next.wasReplaced ? replacementsInARow + 1 : 0
    return next.choice
  }

  /// The arena to build into: `arena` itself when nothing else refers to it, else a fresh one
  /// in its place.
  @inline(never)
  private static func prepare(_ arena: inout NodeArena) -> (choice: ArenaChoice, wasReplaced: Bool) {
    if isKnownUniquelyReferenced(&arena) { return (ArenaChoice(arena: arena, isUnused: true), false) }
    arena = NodeArena()
    return (ArenaChoice(arena: arena, isUnused: false), true)
  }
}
