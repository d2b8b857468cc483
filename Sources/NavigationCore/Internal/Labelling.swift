import VirtualDOM

/// Finds the heading that names a dialog or a page, giving it an id when it has none.
enum Labelling {
  /// Returns `nodes` with their first `h1`–`h6` (depth first, not inside a nested dialog) carrying
  /// an id, and that id; the nodes unchanged and `nil` when there is no heading.
  static func labelFirstHeading(in nodes: [Node], fallbackID: String) -> (nodes: [Node], id: String?) {
    var result = nodes
    for index in result.indices {
      let (node, id) = label(result[index], fallbackID: fallbackID)
      if let id {
        result[index] = node
        return (result, id)
      }
    }
    return (nodes, nil)
  }

  private static func label(_ node: Node, fallbackID: String) -> (Node, String?) {
    switch node {
    case .text, .comment:
      return (node, nil)
    case .fragment(let children):
      let (labelled, id) = labelFirstHeading(in: children, fallbackID: fallbackID)
      return (.fragment(labelled), id)
    case .element(let element):
      if isHeading(element.tag) {
        if let id = element.attribute("id") { return (node, id) }
        var attributes = element.attributes
        attributes.insert(Attribute("id", fallbackID), at: 0)
        return (.element(element.with(attributes: attributes)), fallbackID)
      }
      if element.tag == "dialog" { return (node, nil) }
      let (children, id) = labelFirstHeading(in: element.children, fallbackID: fallbackID)
      guard id != nil else { return (node, nil) }
      return (.element(element.with(children: children)), id)
    }
  }

  private static func isHeading(_ tag: String) -> Bool {
    tag == "h1" || tag == "h2" || tag == "h3" || tag == "h4" || tag == "h5" || tag == "h6"
  }
}
