import Testing
import VirtualDOM
import VirtualDOMTesting

/// An update that keeps every node where it was keeps the old ids as they are; one that moves,
/// inserts or replaces a node writes the new ids, from the first node that differs on. Either
/// way the ids must stay the DOM's: the checks apply each update's patches to a `MemoryDOM`
/// and then an update whose patches go by those ids (text changes, moves), so an id given
/// wrong fails to apply or changes the wrong node, and the two trees differ.
@Suite struct KeptIDsTests {
  private static func list(_ labels: [(key: String, text: String)], selected: String? = nil) -> Node {
    ul {
      for label in labels {
        li(.key(label.key), label.key == selected ? .class("selected") : .none) { span { label.text } }
      }
    }
  }

  private static let rows = (1...6).map { (key: "k\($0)", text: "row \($0)") }

  /// Applies the update and then one that changes every text, checking the DOM after each.
  private static func updateAndCheck(
    _ mounted: inout MountedTree, _ dom: inout MemoryDOM, to node: Node, _ comment: Comment
  ) throws {
    try dom.apply(mounted.update(to: [node]))
    #expect(dom.roots == mounted.roots, comment)
    guard case .element(let element) = node else { return }
    var relabelled: [(key: String, text: String)] = []
    element.forEachChild { row in
      guard case .element(let item) = row, let key = item.key else { return }
      relabelled.append((key: key, text: "\(key) again"))
    }
    try dom.apply(mounted.update(to: [Self.list(relabelled)]))
    #expect(dom.roots == mounted.roots, "\(comment), then every text changed")
  }

  @Test func anUnchangedUpdateKeepsTheIdsAsTheyAre() throws {
    var mounted = MountedTree([Self.list(Self.rows)])
    let before = mounted.ids
    #expect(mounted.update(to: [Self.list(Self.rows)]).isEmpty)
    #expect(mounted.ids == before)
    #expect(mounted.update(to: [Self.list(Self.rows, selected: "k3")]).count == 1)
    #expect(mounted.ids == before)
  }

  @Test func idsStayTheDOMsThroughUpdatesThatKeepOrMoveNodes() throws {
    var mounted = MountedTree([Self.list(Self.rows)])
    var dom = MemoryDOM(mounting: mounted.roots)
    var rows = Self.rows
    // A text and a class change: every node kept in place.
    rows[1].text = "row 2, edited"
    try Self.updateAndCheck(&mounted, &dom, to: Self.list(rows, selected: "k2"), "edit and select")
    // The last row moved first, after nodes whose ids were kept.
    rows.insert(rows.removeLast(), at: 0)
    try Self.updateAndCheck(&mounted, &dom, to: Self.list(rows), "move the last first")
    // A row replaced in the middle, the same count of nodes: the new one takes fresh ids.
    rows[3] = (key: "new", text: "a new row")
    try Self.updateAndCheck(&mounted, &dom, to: Self.list(rows), "replace one row")
    // Two rows swapped near the end, after a long unchanged run.
    rows.swapAt(4, 5)
    try Self.updateAndCheck(&mounted, &dom, to: Self.list(rows), "swap two rows")
  }

  @Test func aSharedSubtreeThatMovesGetsItsOwnIds() throws {
    // The same element values on both sides (as a ListMemo hands them out): identical
    // subtrees, kept without a walk, in place and then shifted by an insert before them.
    let shared = (0..<4).map { index in li(.key("s\(index)")) { span { "shared \(index)" } } }
    var mounted = MountedTree([ul { for item in shared { item } }])
    var dom = MemoryDOM(mounting: mounted.roots)
    try dom.apply(mounted.update(to: [ul { for item in shared { item } }]))
    #expect(dom.roots == mounted.roots)
    try dom.apply(mounted.update(to: [ul { li(.key("first")) { "first" }; for item in shared { item } }]))
    #expect(dom.roots == mounted.roots)
    try dom.apply(mounted.update(to: [ul { li(.key("first")) { "first, edited" }; for item in shared.reversed() { item } }]))
    #expect(dom.roots == mounted.roots)
  }

  @Test func sharedSubtreesKeptInPlaceBeforeANewRowKeepTheirIds() throws {
    // The ids that shared rows keep without a walk (the first two, and the last, diffed as the
    // common suffix) must be copied over when the third is replaced by a row of its shape (the
    // same count of nodes): the text changes after go to their spans by those ids. (In a debug
    // build a position the diff missed holds an id no node has.)
    var mounted = MountedTree([ul {}])
    var dom = MemoryDOM(mounting: mounted.roots)
    for round in 0..<20 {
      let rows = (0..<4).map { index in li(.key("\(round).\(index)")) { span { "row \(round).\(index)" } } }
      try dom.apply(mounted.update(to: [ul { for row in rows { row } }]))
      try dom.apply(mounted.update(to: [ul { rows[0]; rows[1]; li(.key("new")) { span { "new" } }; rows[3] }]))
      #expect(dom.roots == mounted.roots, "round \(round)")
      let edited = [0, 1, 3].map { index in li(.key("\(round).\(index)")) { span { "edited \(index)" } } }
      try dom.apply(mounted.update(to: [ul { for row in edited { row } }]))
      #expect(dom.roots == mounted.roots, "round \(round), edited")
    }
  }
}
