import VirtualDOM

/// Random trees and random edits of them, for property tests of the diff, the renderer and the
/// browser runtime.
///
/// The trees nest as an HTML parser would leave them (block elements, `ul` > keyed `li`, inline
/// runs inside `p` and `span`, SVG with `foreignObject`), so their HTML parses back to the same
/// tree. They include what diffs get wrong: keyed shuffles, adjacent and empty text nodes,
/// comments, attributes, and text that needs escaping.
///
/// ```swift
/// var random = RandomTree(seed: 7)
/// let old = random.tree()
/// let new = random.edit(old)
/// ```
public struct RandomTree {
  public var generator: SeededGenerator
  /// Whether elements may carry DOM properties (`value`, `checked`); HTML comparisons turn
  /// this off, since properties are not markup.
  public var includesProperties: Bool
  private var nextKey = 0

  public init(seed: UInt64, includesProperties: Bool = true) {
    generator = SeededGenerator(seed: seed)
    self.includesProperties = includesProperties
  }

  static let texts = ["Keyboard", "a & b", "<tag>", "\"quoted\"", "caf\u{E9}", "x\u{A0}y", " ", "", "\n", "🙂", "1 < 2 > 0"]
  static let attributeNames = ["class", "title", "data-x", "aria-label", "hidden"]
  static let attributeValues = ["a", "b c", "", "x&y", "\"q\"", "<>"]

  enum Context { case block, inline, list, svg }

  /// A random list of top-level nodes.
  public mutating func tree() -> [Node] {
    nodes(in: .block, depth: 0)
  }

  /// `tree` with random edits: keyed shuffles, insertions, removals, text, attribute, property,
  /// listener and tag changes, at every level.
  public mutating func edit(_ tree: [Node]) -> [Node] {
    editChildren(tree, in: .block, depth: 0)
  }

  // MARK: Making

  mutating func nodes(in context: Context, depth: Int) -> [Node] {
    if context == .list { return keyedItems(count: generator.below(6)) }
    let count = depth > 3 ? generator.below(2) : generator.below(5)
    var result: [Node] = []
    for _ in 0..<count { result.append(node(in: context, depth: depth)) }
    return result
  }

  mutating func keyedItems(count: Int) -> [Node] {
    var result: [Node] = []
    for _ in 0..<count { result.append(keyedItem()) }
    return result
  }

  mutating func keyedItem() -> Node {
    nextKey += 1
    return .element(
      Element(
        "li", key: "k\(nextKey)", attributes: attributes(),
        children: [.text("item \(nextKey)")] + nodes(in: .inline, depth: 4)))
  }

  mutating func node(in context: Context, depth: Int) -> Node {
    let roll = generator.below(10)
    if roll < 3 || depth > 4 { return .text(generator.pick(Self.texts)) }
    if roll == 3 { return .comment(generator.pick(["note", " spaced ", "a-b"])) }
    return element(in: context, depth: depth)
  }

  mutating func element(in context: Context, depth: Int) -> Node {
    switch context {
    case .svg:
      let tag = generator.pick(["g", "circle", "rect", "foreignObject"])
      let children: [Node]
      switch tag {
      case "g": children = nodes(in: .svg, depth: depth + 1).filter { $0.element != nil }
      case "foreignObject": children = [.element(Element("div", children: nodes(in: .inline, depth: depth + 1)))]
      default: children = []
      }
      let attributes = tag == "rect" ? [Attribute("viewBox", "0 0 1 1")] : [Attribute("r", "\(generator.below(9))")]
      return .element(Element(tag, namespace: .svg, attributes: attributes, children: children))
    case .inline:
      let tag = generator.pick(["span", "em", "b", "input"])
      if tag == "input" {
        return .element(Element("input", attributes: attributes(), properties: properties(), listeners: listeners()))
      }
      return .element(Element(tag, attributes: attributes(), listeners: listeners(), children: nodes(in: .inline, depth: depth + 1)))
    case .block, .list:
      switch generator.below(6) {
      case 0: return .element(Element("ul", attributes: attributes(), children: keyedItems(count: generator.below(6))))
      case 1: return .element(Element("p", attributes: attributes(), children: nodes(in: .inline, depth: depth + 1)))
      case 2:
        return .element(Element("svg", namespace: .svg, attributes: [Attribute("viewBox", "0 0 10 10")], children: nodes(in: .svg, depth: depth + 1).filter { $0.element != nil }))
      case 3: return .element(Element("span", attributes: attributes(), children: nodes(in: .inline, depth: depth + 1)))
      default:
        let tag = generator.pick(["div", "section", "dialog"])
        return .element(Element(tag, attributes: attributes(), listeners: listeners(), children: nodes(in: .block, depth: depth + 1)))
      }
    }
  }

  mutating func attributes() -> [Attribute] {
    var result: [Attribute] = []
    for name in Self.attributeNames where generator.chance(20) {
      result.append(Attribute(name, generator.pick(Self.attributeValues)))
    }
    return result
  }

  mutating func properties() -> [Property] {
    guard includesProperties else { return [] }
    var result: [Property] = []
    if generator.chance(40) { result.append(Property("value", .string(generator.pick(Self.texts)))) }
    if generator.chance(30) { result.append(Property("checked", .bool(generator.chance(50)))) }
    return result
  }

  mutating func listeners() -> [EventListener] {
    var result: [EventListener] = []
    for event in ["click", "input"] where generator.chance(20) { result.append(EventListener(event) { _ in }) }
    return result
  }

  // MARK: Editing

  mutating func editChildren(_ children: [Node], in context: Context, depth: Int) -> [Node] {
    let isKeyedList = !children.isEmpty && children.allSatisfy { $0.key != nil }
    var result = children.map { editNode($0, in: context, depth: depth) }
    if isKeyedList || context == .list {
      if generator.chance(40) { result.shuffle(using: &generator) }
      if !result.isEmpty && generator.chance(30) { result.remove(at: generator.below(result.count)) }
      if generator.chance(30) { result.insert(keyedItem(), at: generator.below(result.count + 1)) }
      if generator.chance(10) && result.count > 1 { result.swapAt(0, result.count - 1) }
      return result
    }
    if !result.isEmpty && generator.chance(20) { result.remove(at: generator.below(result.count)) }
    if generator.chance(25) { result.insert(node(in: context, depth: depth), at: generator.below(result.count + 1)) }
    if context != .svg && generator.chance(10) { result.append(.text(generator.pick(Self.texts))) }
    if context == .svg { result = result.filter { $0.element != nil } }
    return result
  }

  mutating func editNode(_ node: Node, in context: Context, depth: Int) -> Node {
    switch node {
    case .text(let text):
      return generator.chance(30) ? .text(text + generator.pick(Self.texts)) : node
    case .comment(let text):
      return generator.chance(20) ? .comment(text + "x") : node
    case .fragment:
      return node
    case .element(let element):
      if element.key == nil && context != .svg && generator.chance(8) {
        return self.element(in: context, depth: depth)  // a different element: a replace
      }
      var attributes = element.attributes
      if generator.chance(30) { attributes = self.attributes() }
      var properties = element.properties
      if element.tag == "input" && generator.chance(40) { properties = self.properties() }
      var listeners = element.listeners
      if generator.chance(20) { listeners = self.listeners() }
      let childContext: Context
      switch element.tag {
      case "ul": childContext = .list
      case "p", "span", "em", "b", "li": childContext = .inline
      case "svg", "g": childContext = .svg
      case "foreignObject": childContext = .block
      default: childContext = element.namespace == .svg ? .svg : .block
      }
      let children: [Node]
      if element.tag == "input" || element.tag == "circle" || element.tag == "rect" {
        children = []
      } else if element.tag == "li" {
        children = [element.children.first ?? .text("")] + editChildren(Array(element.children.dropFirst()), in: .inline, depth: depth + 1)
      } else if element.tag == "foreignObject" {
        children = element.children
      } else {
        children = editChildren(element.children, in: childContext, depth: depth + 1)
      }
      return .element(
        Element(
          element.tag, namespace: element.namespace, key: element.key, attributes: attributes,
          properties: properties, listeners: listeners, children: children))
    }
  }
}
