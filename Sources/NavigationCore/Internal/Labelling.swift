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

  /// Whether `tag` is `h1`…`h6`, read as bytes: six String comparisons would each be inlined.
  private static func isHeading(_ tag: String) -> Bool {
    var count = 0
    var isHeading = true
    for byte in tag.utf8 {
      count += 1
      if count == 1 {
        isHeading = isHeading && byte == UInt8(ascii: "h")
      } else {
        isHeading = isHeading && byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "6")
      }
    }
    return isHeading && count == 2
  }
}
