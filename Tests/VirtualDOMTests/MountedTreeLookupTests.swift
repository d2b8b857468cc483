import RandomTrees
import Testing
import VirtualDOM

/// `MountedTree.node(withID:)` finds what a walk of the whole tree finds, after any diff.
@Suite struct MountedTreeLookupTests {
  @Test(arguments: 0..<40)
  func lookupFindsTheNodeAWalkFindsForEveryID(seed: Int) {
    var random = RandomTree(seed: UInt64(20_000 + seed))
    // Inside a <div>, so an edit that empties the random tree still leaves nodes to look up.
    func wrapped(_ nodes: [Node]) -> [Node] { [.element(Element("div", children: nodes))] }
    var tree = random.tree()
    var mounted = MountedTree(wrapped(tree))
    for _ in 0..<3 {
      tree = random.edit(tree)
      _ = mounted.update(to: wrapped(tree), options: .lenient)
    }
    var walked = 0
    mounted.forEachNode { id, node in
      walked += 1
      #expect(mounted.node(withID: id) == node, "seed \(seed), id \(id)")
    }
    #expect(walked > 0)
  }

  @Test func idsNotMountedFindNothing() {
    var mounted = MountedTree([ul { li(.key("a")) { "A" }; li(.key("b")) { "B" } }])
    _ = mounted.update(to: [ul { li(.key("b")) { "B" } }])
    // 2 and 3 were the removed <li> and its text; 0 is the container, 99 never existed.
    for id in [0, 2, 3, 99] { #expect(mounted.node(withID: id) == nil, "id \(id)") }
    #expect(mounted.node(withID: 4) == li(.key("b")) { "B" })
  }
}
