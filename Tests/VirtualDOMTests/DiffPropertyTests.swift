import RandomTrees
import Testing
import VirtualDOM
import VirtualDOMTesting

/// `apply(diff(a, b), a) == b` over random trees: keyed shuffles, insertions, removals, text,
/// attribute, property and listener edits, adjacent text nodes, SVG.
@Suite struct DiffPropertyTests {
  @Test(arguments: 0..<400)
  func applyingTheDiffGivesTheNewTree(seed: Int) throws {
    var random = RandomTree(seed: UInt64(seed))
    let old = random.tree()
    let new = random.edit(old)
    var dom = MemoryDOM(mounting: old)
    try dom.apply(diff(old, new, options: .lenient))
    #expect(withMembersSorted(dom.roots) == withMembersSorted(new), "seed \(seed)")
  }

  @Test(arguments: 0..<60)
  func aChainOfDiffsKeepsIdsInStepWithTheDOM(seed: Int) throws {
    var random = RandomTree(seed: UInt64(10_000 + seed))
    var tree = random.tree()
    var mounted = MountedTree(tree)
    var dom = MemoryDOM(mounting: tree)
    for step in 0..<6 {
      let next = random.edit(tree)
      try dom.apply(mounted.update(to: next, options: .lenient))
      #expect(withMembersSorted(dom.roots) == withMembersSorted(next), "seed \(seed), step \(step)")
      tree = next
    }
    var everyID: [NodeID] = []
    mounted.forEachNode { id, _ in everyID.append(id) }
    #expect(everyID.allSatisfy(dom.contains), "seed \(seed): the mounted ids are the DOM's ids")
  }

  /// Long keyed and unkeyed lists of random, deep subtrees, edited at random, then appended
  /// to and replaced whole, patch the DOM to the new tree just as short ones do.
  @Test(arguments: 0..<30)
  func longListsOfDeepSubtreesDiffAsShortOnes(seed: Int) throws {
    var random = RandomTree(seed: UInt64(20_000 + seed))
    let count = 17 + seed * 3
    func keyedRows(_ keys: Range<Int>) -> [Node] {
      keys.map { .element(Element("li", key: "row\($0)", children: random.tree() + random.tree())) }
    }
    func page(_ rows: [Node], _ blocks: [Node]) -> [Node] {
      [.element(Element("ul", children: rows)), .element(Element("div", children: blocks))]
    }
    var rows = keyedRows(0..<count)
    var blocks = (0..<count).map { _ in Node.element(Element("div", children: random.tree())) }
    var mounted = MountedTree(page(rows, blocks))
    var dom = MemoryDOM(mounting: page(rows, blocks))
    for step in 0..<5 {
      switch step {
      case 3: rows += keyedRows(count..<(count + 20))  // appended: inserts after the kept rows
      case 4: rows = keyedRows((count + 20)..<(2 * count + 20))  // every key new: a clear, then inserts
      default:
        rows = random.edit(rows)
        blocks = random.edit(blocks)
      }
      let next = page(rows, blocks)
      try dom.apply(mounted.update(to: next, options: .lenient))
      #expect(withMembersSorted(dom.roots) == withMembersSorted(next), "seed \(seed), step \(step)")
    }
    var everyID: [NodeID] = []
    mounted.forEachNode { id, _ in everyID.append(id) }
    #expect(everyID.allSatisfy(dom.contains), "seed \(seed): the mounted ids are the DOM's ids")
    #expect(Set(everyID).count == everyID.count, "seed \(seed): every mounted id once")
  }

  /// Keyed lists inside the rows of a keyed list, longer and shorter than it, reordered, cut
  /// and with duplicate keys, update after update: the arrays a keyed diff keeps for the next
  /// (`MountedTree`'s) leave no trace in the patches.
  @Test(arguments: 0..<20)
  func keyedListsInsideKeyedListsPatchTheDOMUpdateAfterUpdate(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(30_000 + seed))
    func row(_ key: Int, items: [Int]) -> Node {
      .element(Element("li", key: "row\(key)", children: [.element(Element("ol", children: items.map {
        .element(Element("li", key: "item\($0)", children: [.text("\($0)")]))
      }))]))
    }
    var shape: [(key: Int, items: [Int])] = (0..<4).map { ($0, Array(0..<(10 + 30 * $0))) }
    func page() -> [Node] { [.element(Element("ul", children: shape.map { row($0.key, items: $0.items) }))] }
    var mounted = MountedTree(page())
    var dom = MemoryDOM(mounting: page())
    for step in 0..<8 {
      for index in shape.indices {
        var items = shape[index].items
        items.shuffle(using: &random)
        items = Array(items.prefix(Int.random(in: 1...items.count, using: &random)))
        if step % 3 == 2, let first = items.first { items.append(first) }  // a duplicate key
        items += (0..<Int.random(in: 0...40, using: &random)).map { 1_000 * (step + 1) + $0 }
        shape[index].items = items
      }
      shape.shuffle(using: &random)
      if step == 5 { shape.removeLast() }
      let next = page()
      try dom.apply(mounted.update(to: next, options: .lenient))
      #expect(withMembersSorted(dom.roots) == withMembersSorted(next), "seed \(seed), step \(step)")
    }
  }
}
