import VirtualDOM

/// An element of a mounted tree with its id and the ids of its ancestors.
struct LocatedElement {
  var id: NodeID
  var element: Element
  var ancestors: [(id: NodeID, element: Element)]

  /// Whether this element or an ancestor has the `hidden` attribute.
  var isHidden: Bool {
    if element.attribute("hidden") != nil { return true }
    for ancestor in ancestors where ancestor.element.attribute("hidden") != nil { return true }
    return false
  }

  func isInside(_ id: NodeID) -> Bool {
    for ancestor in ancestors where ancestor.id == id { return true }
    return false
  }
}

enum TreeWalk {
  /// Every element of `tree` in document order.
  static func elements(of tree: MountedTree) -> [LocatedElement] {
    var result: [LocatedElement] = []
    var position = 0
    var ancestors: [(id: NodeID, element: Element)] = []
    func visit(_ node: Node) {
      let id = tree.ids[position]
      position += 1
      guard case .element(let element) = node else { return }
      result.append(LocatedElement(id: id, element: element, ancestors: ancestors))
      ancestors.append((id, element))
      for child in element.children { visit(child) }
      ancestors.removeLast()
    }
    for root in tree.roots { visit(root) }
    return result
  }

  /// The text of a subtree with white space collapsed and trimmed.
  static func text(of node: Node) -> String {
    node.textContent()
  }
}
