/// The result builder behind the DSL: statements become children, strings become text.
///
/// ```swift
/// ul(.class("items")) {
///   if items.isEmpty { li { "Nothing yet" } }
///   for item in items { li(.key(item.id)) { item.name } }
/// }
/// ```
///
/// Children are gathered as one `Node` (a fragment when there are several), so a single child
/// costs no array until its element stores it, and several cost exactly one.
@resultBuilder
public enum NodeBuilder {
  public static func buildExpression(_ node: Node) -> Node { node }
  public static func buildExpression(_ text: String) -> Node { .text(text) }
  public static func buildExpression(_ nodes: [Node]) -> Node { .fragment(nodes) }
  public static func buildExpression(_ element: Element) -> Node { .element(element) }

  public static func buildBlock() -> Node { .fragment([]) }
  public static func buildBlock(_ node: Node) -> Node { node }
  /// Several statements: their array becomes the fragment as it is, with no copy.
  public static func buildBlock(_ nodes: Node...) -> Node { .fragment(nodes) }

  public static func buildOptional(_ node: Node?) -> Node { node ?? .fragment([]) }
  public static func buildEither(first: Node) -> Node { first }
  public static func buildEither(second: Node) -> Node { second }
  public static func buildArray(_ nodes: [Node]) -> Node { .fragment(nodes) }
  public static func buildLimitedAvailability(_ node: Node) -> Node { node }
}

extension Node {
  /// The children a builder produced, flattened.
  @inlinable
  static func children(of content: Node) -> [Node] {
    switch content {
    case .fragment(let nodes): return nodes
    default: return [content]
    }
  }
}

/// A fragment built with the DSL: several nodes with no element around them.
///
/// ```swift
/// let items = fragment { li { "One" }; li { "Two" } }
/// ```
public func fragment(@NodeBuilder _ content: () -> Node) -> Node {
  .fragment(content().flattened)
}

/// Any element by tag name, for tags the catalogue does not list (custom elements).
///
/// ```swift
/// element("x-counter", .attribute("start", "3")) { "3" }
/// ```
/// Names are checked when the tree is rendered or validated, never at build time.
public func element(
  _ tag: String, namespace: Namespace = .html, _ options: ElementOption...,
  @NodeBuilder content: () -> Node = { .fragment([]) }
) -> Node {
  makeElement(tag, namespace: namespace, options, children: Node.children(of: content()))
}

/// Builds an element from DSL options; the catalogue's functions all end here.
@inlinable
public func makeElement(_ tag: String, namespace: Namespace = .html, _ options: [ElementOption], children: [Node]) -> Node {
  if options.isEmpty {
    return .element(Element(tag, namespace: namespace, children: children))
  }
  var key: String? = nil
  var attributes: [Attribute] = []
  var properties: [Property] = []
  var listeners: [EventListener] = []
  var mountMethods: [DOMMethod] = []
  for option in options {
    switch option {
    case .attribute(let attribute):
      if attributes.isEmpty { attributes.reserveCapacity(options.count) }
      attributes.append(attribute)
    case .property(let property): properties.append(property)
    case .listener(let listener): listeners.append(listener)
    case .key(let value): key = value
    case .mount(let method): mountMethods.append(method)
    case .none: break
    }
  }
  return .element(
    Element(
      tag, namespace: namespace, key: key, attributes: attributes, properties: properties,
      listeners: listeners, mountMethods: mountMethods, children: children))
}
