import Testing
import VirtualDOM

/// One keyed child moved, wherever from and to: one `move`, before the child that follows it
/// in the new list, in the same patches the general keyed path gives (a turned middle; see
/// KeyedDiff+Rotation.swift).
@Suite struct SingleMoveTests {
  /// `<ul>` with one keyed `<li>` per key, its text the key: ids are 1 for the list, then
  /// 2k + 2 for the k-th item and 2k + 3 for its text.
  func list(_ keys: [String], text: (String) -> String = { $0 }) -> Node {
    ul {
      for key in keys { li(.key(key)) { text(key) } }
    }
  }

  func itemID(_ index: Int) -> NodeID { 2 * index + 2 }

  func applied(_ patches: [Patch], to old: Node) throws -> [Node] {
    var dom = MemoryDOM(mounting: [old])
    try dom.apply(patches)
    return dom.roots
  }

  @Test func movingTheLastItemFirstIsOneMoveBeforeTheOldFirst() throws {
    let old = list(["a", "b", "c", "d"])
    let new = list(["d", "a", "b", "c"])
    let patches = diff(old, new)
    #expect(patches == [.move(id: itemID(3), parent: 1, before: itemID(0))])
    #expect(try applied(patches, to: old) == [new])
  }

  @Test func movingTheFirstItemLastIsOneMoveToTheEnd() throws {
    let old = list(["a", "b", "c", "d"])
    let new = list(["b", "c", "d", "a"])
    let patches = diff(old, new)
    #expect(patches == [.move(id: itemID(0), parent: 1, before: nil)])
    #expect(try applied(patches, to: old) == [new])
  }

  @Test func movingAnItemWithinTheListGoesBeforeItsNewNextSibling() throws {
    let old = list(["a", "b", "c", "d", "e", "f"])
    // "e" moves up between "a" and "b"; "f" is the kept suffix, "a" the kept prefix.
    let up = list(["a", "e", "b", "c", "d", "f"])
    #expect(diff(old, up) == [.move(id: itemID(4), parent: 1, before: itemID(1))])
    #expect(try applied(diff(old, up), to: old) == [up])
    // "b" moves down between "e" and "f": before the kept suffix.
    let down = list(["a", "c", "d", "e", "b", "f"])
    #expect(diff(old, down) == [.move(id: itemID(1), parent: 1, before: itemID(5))])
    #expect(try applied(diff(old, down), to: old) == [down])
  }

  @Test func swappingTwoNeighboursMovesTheSecondBeforeTheFirst() throws {
    let old = list(["a", "b", "c", "d"])
    let new = list(["a", "c", "b", "d"])
    #expect(diff(old, new) == [.move(id: itemID(2), parent: 1, before: itemID(1))])
  }

  @Test func aMovedItemsChangesComeBeforeTheMove() throws {
    let old = list(["a", "b", "c"])
    let new = list(["c", "a", "b"]) { $0 == "c" ? "C!" : $0 }
    let patches = diff(old, new)
    #expect(patches == [.text(id: itemID(2) + 1, text: "C!"), .move(id: itemID(2), parent: 1, before: itemID(0))])
    #expect(try applied(patches, to: old) == [new])
  }

  /// A list turned by one place, but with a key twice in it: the general path's duplicate
  /// report still comes, and its pairing (the first keeps the key) still holds.
  @Test func aTurnedListWithADuplicateKeyIsStillReported() throws {
    var reported: [String] = []
    let old = list(["x", "a", "b", "a"])
    let new = list(["a", "x", "a", "b"])
    let patches = diff(old, new, options: DiffOptions { reported.append($0) })
    // Once per list that has it twice, as for any keyed list.
    #expect(reported == ["a", "a"])
    #expect(try applied(patches, to: old) == [new])
  }

  /// Every move of one item in lists of 2 to 12 items: one `move`, nothing else, and the
  /// result is the new list.
  @Test func everySingleMoveIsExactlyOneMove() throws {
    for count in 2...12 {
      let keys = (0..<count).map { "k\($0)" }
      for from in 0..<count {
        for to in 0..<count where to != from {
          var moved = keys
          moved.insert(moved.remove(at: from), at: to)
          let patches = diff(list(keys), list(moved))
          #expect(patches.map(\.operation) == ["move"], "moving \(from) to \(to) of \(count)")
          #expect(try applied(patches, to: list(keys)) == [list(moved)], "moving \(from) to \(to) of \(count)")
        }
      }
    }
  }
}
