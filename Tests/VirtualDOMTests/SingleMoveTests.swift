import Testing
import VirtualDOM
import VirtualDOMTesting

/// One keyed child moved, wherever from and to: one `move`, before the child that follows it
/// in the new list.
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
    #expect(try applied(diff(old, new), to: old) == [new])
  }

  /// The child the moved one goes before keeps its key but not its tag: it is replaced, and the
  /// move goes before the replacement.
  @Test func aReplacedFollowerIsTheMovesAnchor() throws {
    let old = list(["a", "b", "c"])
    let new = ul { li(.key("c")) { "c" }; div(.key("a")) { "a" }; li(.key("b")) { "b" } }
    let patches = diff(old, new)
    #expect(
      patches == [
        .replace(id: itemID(0), node: div(.key("a")) { "a" }, firstID: 8),
        .move(id: itemID(2), parent: 1, before: 8),
      ])
    #expect(try applied(patches, to: old) == [new])
  }

  /// Forty items of different sizes, one moved up with edits
  /// in it, next to it, in the prefix and in the suffix: the edits in the general path's order
  /// (the prefix's, the suffix's, the middle's in new order), then the move.
  @Test func aLongListWithEditsPatchesEachEditThenMovesOnce() throws {
    func item(_ number: Int, edited: Bool = false) -> Node {
      li(.key("k\(number)")) {
        span { edited ? "item \(number)!" : "item \(number)" }
        for _ in 0..<(number % 3) { b { "x" } }
      }
    }
    let numbers = Array(0..<40)
    var order = numbers
    order.insert(order.remove(at: 30), at: 5)
    let edited: Set = [2, 30, 5, 38]
    let old = ul { for number in numbers { item(number) } }
    let new = ul { for number in order { item(number, edited: edited.contains(number)) } }
    // Ids as mounted: each item's li, then its span and the span's text.
    var itemIDs: [String: NodeID] = [:]
    MountedTree([old]).forEachNode { id, node in
      if let key = node.key { itemIDs[key] = id }
    }
    let expectedTexts: [Patch] = [2, 38, 30, 5].map { number in
      .text(id: itemIDs["k\(number)"]! + 2, text: "item \(number)!")
    }
    let patches = diff(old, new)
    #expect(patches == expectedTexts + [.move(id: itemIDs["k30"]!, parent: 1, before: itemIDs["k5"]!)])
    #expect(try applied(patches, to: old) == [new])
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
