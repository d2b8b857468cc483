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
      if isHeading(element.packedTag) {
        if let id = element.attribute("id") { return (node, id) }
        var attributes = element.attributes
        attributes.insert(Attribute("id", fallbackID), at: 0)
        return (.element(element.with(attributes: attributes)), fallbackID)
      }
      if element.packedTag == dialogTag { return (node, nil) }
      let (children, id) = labelFirstHeading(in: element.children, fallbackID: fallbackID)
      guard id != nil else { return (node, nil) }
      return (.element(element.with(children: children)), id)
    }
  }

  // Tags are compared packed (`Names.packedTag`: the bytes in an integer, first byte lowest):
  // `element.tag` would spell each tag out as a String just to compare it.

  /// Whether `packedTag` is `h1`…`h6`: `h` in the low byte, one digit from 1 to 6 above it.
  private static func isHeading(_ packedTag: UInt64) -> Bool {
    let level = packedTag >> 8
    return packedTag & 0xFF == UInt64(UInt8(ascii: "h"))
      && level >= UInt64(UInt8(ascii: "1")) && level <= UInt64(UInt8(ascii: "6"))
  }

  private static let dialogTag = Names.packedTag("dialog")
}
