import Testing
import VirtualDOM
import VirtualDOMTesting

/// MemoryDOM as a long-running page uses it: nodes come and go for thousands of updates.
@Suite struct MemoryDOMTests {
  /// Ids are never reused, so after a few rounds new ids land on the table slots of the nodes
  /// that stay (the list and its first item, ids 1 and 2), and removals must keep every live
  /// node reachable past them.
  @Test func nodesStayReachableAsIdsGrowPastTheTable() throws {
    func list(_ round: Int) -> Node {
      ul {
        li(.key("kept")) { "kept" }
        for index in 0..<(1 + round % 7) { li(.key("\(round)-\(index)")) { "\(round).\(index)" } }
      }
    }
    var mounted = MountedTree([list(0)])
    var dom = MemoryDOM(mounting: mounted.roots)
    for round in 1...500 {
      let removed = mounted.ids.dropFirst(3)  // after the list, the kept item and its text
      try dom.apply(mounted.update(to: [list(round)]))
      #expect(dom.roots == mounted.roots, "round \(round)")
      #expect(mounted.ids.allSatisfy { dom.contains($0) }, "round \(round)")
      #expect(!removed.contains { dom.contains($0) }, "round \(round)")
      if dom.roots != mounted.roots { break }
    }
    #expect(mounted.nextID > 2_000)  // many times the table's 64 slots
  }

  @Test func removeAllInvocationsForgetsThemAndInvokesStillRecord() throws {
    var dom = MemoryDOM(mounting: [dialog {}])
    try dom.apply(.invoke(id: 1, method: .showModal))
    #expect(dom.invocations.map(\.method) == [.showModal])
    dom.removeAllInvocations()
    #expect(dom.invocations.isEmpty)
    try dom.apply(.invoke(id: 1, method: .close))
    #expect(dom.invocations.map(\.method) == [.close])
  }
}
