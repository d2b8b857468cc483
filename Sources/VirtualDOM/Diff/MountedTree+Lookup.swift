extension MountedTree {
  /// The node that has `id` in the DOM, or nil when no mounted node has it.
  ///
  /// Finds the id's position in document order by scanning `ids` (a flat array of integers),
  /// then descends to that position, stepping over whole sibling subtrees by their sizes: an
  /// event on a 10,000-row table visits a few dozen nodes, not all of them.
  ///
  /// ```swift
  /// let mounted = MountedTree([ul { li { "One" } }])
  /// mounted.node(withID: 2)   // <li>One</li>
  /// ```
  public func node(withID id: NodeID) -> Node? {
    guard let position = ids.firstIndex(of: id) else { return nil }
    return node(atPosition: position, in: roots)
  }

  /// The node at `position` in the document order of the roots and their subtrees.
  private func node(atPosition position: Int, in roots: [Node]) -> Node? {
    var start = 0
    var parent: Element? = nil  // whose children are being stepped through; nil: the roots
    while true {
      let count = parent?.childCount ?? roots.count
      var descended = false
      for index in 0..<count {
        let sibling = parent?.child(at: index) ?? roots[index]
        if position == start { return sibling }
        let size = sibling.subtreeSize
        if position < start + size {
          // Inside this sibling's subtree: one level down, past the sibling itself.
          parent = sibling.element
          start += 1
          descended = true
          break
        }
        start += size
      }
      guard descended else { return nil }
    }
  }
}
