/// The JSON tree format: the CLI's input and a handy way to write fixtures.
///
/// ```
/// node     := {"text": "..."} | {"comment": "..."}
///           | {"tag": "div", "ns": "svg"|"math", "key": "k",
///              "attrs": [["class", "x"]], "props": [["value", "x"]], "children": [node, ...]}
/// document := node | [node, ...]          (an array is a fragment)
/// ```
///
/// ```swift
/// let nodes = try TreeFormat.parse(#"{"tag":"p","children":[{"text":"Hi"}]}"#)
/// ```
public enum TreeFormat {
  /// Why a JSON document is not a valid tree, and where.
  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    public var message: String
    /// Where: a JSON path (`$[0].children[2].tag`) or a line and column for syntax errors.
    public var location: String

    public var description: String { location + ": " + message }
  }

  /// Parses a document into its top-level nodes (one, or a fragment's members).
  public static func parse(_ text: String) throws(TreeFormat.Error) -> [Node] {
    try parse(Array(text.utf8))
  }

  public static func parse(_ bytes: [UInt8]) throws(TreeFormat.Error) -> [Node] {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw Error(message: "invalid JSON: " + error.message, location: "line \(error.line), column \(error.column)")
    }
    return try nodes(from: value)
  }

  /// Converts parsed JSON into nodes.
  public static func nodes(from value: JSONValue) throws(TreeFormat.Error) -> [Node] {
    if case .array(let members) = value {
      var result: [Node] = []
      for (index, member) in members.enumerated() {
        try node(from: member, path: "$[\(index)]").flatten(into: &result)
      }
      return result
    }
    return [try node(from: value, path: "$")]
  }

  static func node(from value: JSONValue, path: String) throws(TreeFormat.Error) -> Node {
    guard case .object(let members) = value else {
      throw Error(message: "expected a node object, found \(value.kindName)", location: path)
    }
    var tag: String? = nil
    var namespace = Namespace.html
    var key: String? = nil
    var attributes: [Attribute] = []
    var properties: [Property] = []
    var children: [Node] = []
    var kinds = 0
    for (name, member) in members {
      let memberPath = path + "." + name
      switch name {
      case "text", "comment":
        let text = try string(member, named: name, at: memberPath)
        guard members.count == 1 else { throw Error(message: "a \(name) node has no other fields", location: path) }
        return name == "text" ? .text(text) : .comment(text)
      case "tag":
        kinds += 1
        let value = try string(member, named: name, at: memberPath)
        guard Names.isValidTag(value) else { throw Error(message: "invalid tag name \"\(value)\"", location: memberPath) }
        tag = value
      case "ns": namespace = try self.namespace(try string(member, named: name, at: memberPath), at: memberPath)
      case "key": key = try string(member, named: name, at: memberPath)
      case "attrs": attributes = try self.attributes(member, at: memberPath)
      case "props": properties = try self.properties(member, at: memberPath)
      case "children": children = try self.children(member, at: memberPath)
      default: throw Error(message: "unknown field \"\(name)\"", location: memberPath)
      }
    }
    guard let tag, kinds == 1 else {
      throw Error(message: "a node needs exactly one of \"tag\", \"text\" or \"comment\"", location: path)
    }
    return .element(
      Element(tag, namespace: namespace, key: key, attributes: attributes, properties: properties, children: children))
  }

  /// The string a field holds, or an error naming the field and what it held instead.
  private static func string(_ member: JSONValue, named name: String, at path: String) throws(TreeFormat.Error) -> String {
    guard case .string(let text) = member else {
      throw Error(message: "\"\(name)\" must be a string, found \(member.kindName)", location: path)
    }
    return text
  }

  private static func namespace(_ value: String, at path: String) throws(TreeFormat.Error) -> Namespace {
    switch value {
    case "svg": return .svg
    case "math": return .mathML
    case "html": return .html
    default: throw Error(message: "unknown namespace \"\(value)\" (use \"svg\" or \"math\")", location: path)
    }
  }

  private static func attributes(_ member: JSONValue, at path: String) throws(TreeFormat.Error) -> [Attribute] {
    var attributes: [Attribute] = []
    for (index, pair) in try namedPairs(member, path: path).enumerated() {
      guard Names.isValidAttribute(pair.name) else {
        throw Error(message: "invalid attribute name \"\(pair.name)\"", location: path + "[\(index)][0]")
      }
      guard case .string(let text) = pair.value else {
        throw Error(message: "an attribute value must be a string", location: path + "[\(index)][1]")
      }
      attributes.append(Attribute(pair.name, text))
    }
    return attributes
  }

  private static func properties(_ member: JSONValue, at path: String) throws(TreeFormat.Error) -> [Property] {
    var properties: [Property] = []
    for (index, pair) in try namedPairs(member, path: path).enumerated() {
      switch pair.value {
      case .string(let text): properties.append(Property(pair.name, .string(text)))
      case .bool(let flag): properties.append(Property(pair.name, .bool(flag)))
      default: throw Error(message: "a property value must be a string or a boolean", location: path + "[\(index)][1]")
      }
    }
    return properties
  }

  private static func children(_ member: JSONValue, at path: String) throws(TreeFormat.Error) -> [Node] {
    guard case .array(let items) = member else {
      throw Error(message: "\"children\" must be an array, found \(member.kindName)", location: path)
    }
    var children: [Node] = []
    for (index, item) in items.enumerated() {
      try node(from: item, path: path + "[\(index)]").flatten(into: &children)
    }
    return children
  }

  private static func namedPairs(_ value: JSONValue, path: String) throws(TreeFormat.Error) -> [(name: String, value: JSONValue)] {
    guard case .array(let items) = value else {
      throw Error(message: "expected an array of [name, value] pairs, found \(value.kindName)", location: path)
    }
    var pairs: [(name: String, value: JSONValue)] = []
    for (index, item) in items.enumerated() {
      guard case .array(let pair) = item, pair.count == 2, case .string(let name) = pair[0] else {
        throw Error(message: "expected a [name, value] pair", location: path + "[\(index)]")
      }
      pairs.append((name, pair[1]))
    }
    return pairs
  }

  /// Writes nodes in the tree format (the inverse of `parse`; listeners are not part of it).
  public static func encode(_ nodes: [Node]) -> String {
    var writer = JSONWriter()
    if nodes.count == 1 {
      write(nodes[0], to: &writer)
    } else {
      writer.raw("[")
      for (index, node) in nodes.enumerated() {
        if index > 0 { writer.raw(",") }
        write(node, to: &writer)
      }
      writer.raw("]")
    }
    return writer.string
  }

  static func write(_ node: Node, to writer: inout JSONWriter) {
    switch node {
    case .text(let text): writer.raw("{\"text\":"); writer.string(text); writer.raw("}")
    case .comment(let text): writer.raw("{\"comment\":"); writer.string(text); writer.raw("}")
    case .fragment(let nodes):
      for (index, child) in nodes.enumerated() {
        if index > 0 { writer.raw(",") }
        write(child, to: &writer)
      }
    case .element(let element):
      writer.raw("{\"tag\":"); writer.string(element.tag)
      if let namespace = element.namespace.shortName { writer.key("ns"); writer.string(namespace) }
      if let key = element.key { writer.key("key"); writer.string(key) }
      if !element.attributes.isEmpty {
        writer.key("attrs"); writer.raw("[")
        for (index, attribute) in element.attributes.enumerated() {
          writer.raw(index == 0 ? "[" : ",[")
          writer.string(attribute.name); writer.raw(","); writer.string(attribute.value); writer.raw("]")
        }
        writer.raw("]")
      }
      if !element.properties.isEmpty {
        writer.key("props"); writer.raw("[")
        for (index, property) in element.properties.enumerated() {
          writer.raw(index == 0 ? "[" : ",[")
          writer.string(property.name); writer.raw(",")
          WireFormat.write(property.value, to: &writer)
          writer.raw("]")
        }
        writer.raw("]")
      }
      if element.childCount > 0 {
        writer.key("children"); writer.raw("[")
        for index in 0..<element.childCount {
          if index > 0 { writer.raw(",") }
          write(element.child(at: index), to: &writer)
        }
        writer.raw("]")
      }
      writer.raw("}")
    }
  }
}
