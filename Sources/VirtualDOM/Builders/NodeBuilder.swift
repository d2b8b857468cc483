/// The result builder behind the DSL: statements become children, strings become text.
///
/// ```swift
/// ul(.class("items")) {
///   if items.isEmpty { li { "Nothing yet" } }
///   for item in items { li(.key(item.id)) { item.name } }
/// }
/// ```
///
/// Children are gathered as one `Node` (a fragment when there are several); the element places
/// them in its arena's child list (`NodeArena.placeChildren`), spreading fragments.
@resultBuilder
public enum NodeBuilder {
  @inlinable public static func buildExpression(_ node: Node) -> Node { node }
  @inlinable public static func buildExpression(_ text: String) -> Node { .text(text) }
  @inlinable public static func buildExpression(_ nodes: [Node]) -> Node { .fragment(nodes) }
  @inlinable public static func buildExpression(_ element: Element) -> Node { .element(element) }

  @inlinable public static func buildBlock() -> Node { .fragment([]) }
  @inlinable public static func buildBlock(_ node: Node) -> Node { node }
  /// Several statements: their array becomes the fragment as it is, with no copy.
  @inlinable public static func buildBlock(_ nodes: Node...) -> Node { .fragment(nodes) }

  @inlinable public static func buildOptional(_ node: Node?) -> Node { node ?? .fragment([]) }
  @inlinable public static func buildEither(first: Node) -> Node { first }
  @inlinable public static func buildEither(second: Node) -> Node { second }
  @inlinable public static func buildArray(_ nodes: [Node]) -> Node { .fragment(nodes) }
  @inlinable public static func buildLimitedAvailability(_ node: Node) -> Node { node }
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
/// Names are checked when the tree is rendered or validated, never at build time. Like the
/// catalogue's tags, it takes up to three options one by one (no array), more as a list.
@inlinable
public func element(
  _ tag: String, namespace: Namespace = .html, @NodeBuilder content: () -> Node = { .fragment([]) }
) -> Node {
  makeElement(tag, namespace: namespace, content: content())
}

@inlinable
public func element(
  _ tag: String, namespace: Namespace = .html, _ a: ElementOption,
  @NodeBuilder content: () -> Node = { .fragment([]) }
) -> Node {
  makeElement(tag, namespace: namespace, a, content: content())
}

@inlinable
public func element(
  _ tag: String, namespace: Namespace = .html, _ a: ElementOption, _ b: ElementOption,
  @NodeBuilder content: () -> Node = { .fragment([]) }
) -> Node {
  makeElement(tag, namespace: namespace, a, b, content: content())
}

@inlinable
public func element(
  _ tag: String, namespace: Namespace = .html, _ a: ElementOption, _ b: ElementOption, _ c: ElementOption,
  @NodeBuilder content: () -> Node = { .fragment([]) }
) -> Node {
  makeElement(tag, namespace: namespace, a, b, c, content: content())
}

@inlinable
public func element(
  _ tag: String, namespace: Namespace = .html, _ a: ElementOption, _ b: ElementOption, _ c: ElementOption,
  _ d: ElementOption, _ more: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }
) -> Node {
  makeElement(tag, namespace: namespace, [a, b, c, d] + more, content: content())
}

/// Builds an element from DSL options; for options held in an array (NavigationCore's
/// markup, and tags given four options or more).
@inlinable
public func makeElement(_ tag: String, namespace: Namespace = .html, _ options: [ElementOption], children: [Node]) -> Node {
  makeElement(tag, namespace: namespace, options, content: children.count == 1 ? children[0] : .fragment(children))
}

/// Builds an element from up to three DSL options and the builder's content (a single child,
/// or a fragment of several): the catalogue's functions all end here.
///
/// The options come one by one, not as an array: a variadic parameter is an array, allocated
/// and freed for every element.
///
/// The options and content are `consuming`: the tag functions hand over temporaries, whose
/// attributes then move into the arena instead of being retained there and released here.
public func makeElement(
  _ tag: String, namespace: Namespace = .html, _ first: consuming ElementOption = .none,
  _ second: consuming ElementOption = .none, _ third: consuming ElementOption = .none,
  content: consuming Node
) -> Node {
  makeElement(
    tag, packedTag: Names.packedTag(tag), namespace: namespace, first, second, third, content: content)
}

/// `makeElement` with the tag already packed (`Names.packedTag`): the catalogue passes its
/// tags' constants, so building an element never looks at the tag's bytes.
///
/// In the WebAssembly module it is never inlined: a copy at each of the demo's element call
/// sites cost ~2 KB gzip. Natively inlining lets the options move into the element uncopied.
#if hasFeature(Embedded)
@inline(never)
#endif
@usableFromInline
func makeElement(
  _ tag: String, packedTag: UInt64, namespace: Namespace = .html, _ first: consuming ElementOption = .none,
  _ second: consuming ElementOption = .none, _ third: consuming ElementOption = .none,
  content: consuming Node
) -> Node {
  var tally = OptionTally()
  tally.add(first)
  tally.add(second)
  tally.add(third)
  let extras = tally.hasExtras ? Element.Extras.make(from: [copy first, copy second, copy third]) : nil
  // Children first: a foreign child is copied in before this element's list and attributes.
  let arena = NodeArena.current
  let placed = arena.placeChildren(content)
  let firstAttribute = arena.parts.pointee.attributes.count
  OptionTally.appendAttribute(of: first, to: arena)
  OptionTally.appendAttribute(of: second, to: arena)
  OptionTally.appendAttribute(of: third, to: arena)
  let index = arena.appendRecord(
    tag: tag, packedTag: packedTag, namespace: namespace, key: tally.key.take(), extras: consume extras,
    children: placed, firstAttribute: firstAttribute)
  return .element(Element(arena: consume arena, index: index))
}

/// Builds an element from options held in an array.
public func makeElement(_ tag: String, namespace: Namespace = .html, _ options: [ElementOption], content: Node) -> Node {
  makeElement(tag, packedTag: Names.packedTag(tag), namespace: namespace, options, content: content)
}

/// Builds an element from options held in an array, with the tag already packed.
@usableFromInline
func makeElement(
  _ tag: String, packedTag: UInt64, namespace: Namespace = .html, _ options: [ElementOption], content: Node
) -> Node {
  var tally = OptionTally()
  for option in options { tally.add(option) }
  let arena = NodeArena.current
  let placed = arena.placeChildren(content)
  let firstAttribute = arena.parts.pointee.attributes.count
  for option in options {
    if case .attribute(let attribute) = option { arena.parts.pointee.attributes.append(attribute) }
  }
  let index = arena.appendRecord(
    tag: tag, packedTag: packedTag, namespace: namespace, key: tally.key.take(),
    extras: tally.hasExtras ? Element.Extras.make(from: options) : nil, children: placed,
    firstAttribute: firstAttribute)
  return .element(Element(arena: consume arena, index: index))
}

/// What a set of options holds besides attributes: the key, and whether any option is a part
/// most elements lack (a property, a listener, a mount method).
@usableFromInline
struct OptionTally {
  var key: String? = nil
  var hasExtras = false

  @inline(__always)
  mutating func add(_ option: borrowing ElementOption) {
    switch option {
    case .key(let value): key = value
    case .attribute, .none: break
    case .property, .listener, .mount: hasExtras = true
    }
  }

  /// Appends an attribute option's attribute to the arena; other options are left.
  @inline(__always)
  static func appendAttribute(of option: consuming ElementOption, to arena: NodeArena) {
    switch consume option {
    case .attribute(let attribute): arena.parts.pointee.attributes.append(attribute)
    case .none, .key, .property, .listener, .mount: break
    }
  }
}

extension Element.Extras {
  /// The properties, listeners and mount methods among `options`, or nil when there are none.
  static func make<Options: Sequence>(from options: Options) -> Element.Extras? where Options.Element == ElementOption {
    var properties: [Property] = []
    var listeners: [EventListener] = []
    var mountMethods: [DOMMethod] = []
    for option in options {
      switch option {
      case .property(let property): properties.append(property)
      case .listener(let listener): listeners.append(listener)
      case .mount(let method): mountMethods.append(method)
      case .attribute, .key, .none: break
      }
    }
    return make(properties: properties, listeners: listeners, mountMethods: mountMethods)
  }
}
