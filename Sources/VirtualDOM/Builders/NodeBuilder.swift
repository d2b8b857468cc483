/// The result builder behind the DSL: statements become children, strings become text.
///
/// ```swift
/// ul(.class("items")) {
///   if items.isEmpty { li { "Nothing yet" } }
///   for item in items { li(.key("\(item.id)")) { item.name } }
/// }
/// ```
///
/// Children are gathered as one `Node` (a fragment when there are several), and the element
/// stores that node as it is: a single child costs no array at all, several cost exactly one,
/// the block's own.
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
/// Taking the options one by one, not as an array, is what keeps building an element to one
/// allocation: a variadic parameter is an array, allocated and freed for every element.
///
/// The options and content are `consuming`: the tag functions hand over temporaries, whose
/// strings then move into the element instead of being retained there and released here.
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
/// sites cost ~2 KB gzip. Natively it is inlined into each call site (the catalogue's tag
/// functions are): the options a call leaves out are constants there, so sorting them and
/// moving the attributes folds away, and only `ElementStorage.make` is called. Called, the
/// three options were switched over at run time for every element: rendering the benchmark
/// table took ~8% longer (README, "Element calls inlined natively").
#if hasFeature(Embedded)
@inline(never) @usableFromInline
#else
@inlinable
#endif
func makeElement(
  _ tag: String, packedTag: UInt64, namespace: Namespace = .html, _ first: consuming ElementOption = .none,
  _ second: consuming ElementOption = .none, _ third: consuming ElementOption = .none,
  content: consuming Node
) -> Node {
  var tally = OptionTally()
  tally.add(first)
  tally.add(second)
  tally.add(third)
  let extras = tally.hasExtras ? Element.Extras.make(first, second, third) : nil
  // Handed over, not copied (`take`, `consume`): a copy would be a retain and a release.
  let element = ElementStorage.make(
    tag: tag, packedTag: packedTag, namespace: namespace, key: tally.key.take(), extras: consume extras,
    content: content, attributeCount: tally.attributes)
  var next = element.firstAttribute
  OptionTally.moveAttribute(from: first, to: &next)
  OptionTally.moveAttribute(from: second, to: &next)
  OptionTally.moveAttribute(from: third, to: &next)
  return .element(element)
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
  let element = ElementStorage.make(
    tag: tag, packedTag: packedTag, namespace: namespace, key: tally.key.take(),
    extras: tally.hasExtras ? Element.Extras.make(from: options) : nil,
    content: content, attributeCount: tally.attributes)
  var next = element.firstAttribute
  for option in options {
    if case .attribute(let attribute) = option {
      next.initialize(to: attribute)
      next += 1
    }
  }
  return .element(element)
}

/// What a set of options holds, counted before the element's block is made (its size depends
/// on the number of attributes).
@usableFromInline
struct OptionTally {
  @usableFromInline var attributes = 0
  @usableFromInline var key: String? = nil
  @usableFromInline var hasExtras = false

  @inlinable init() {}

  @inlinable @inline(__always)
  mutating func add(_ option: borrowing ElementOption) {
    switch option {
    case .attribute: attributes += 1
    case .key(let value): key = value
    case .none: break
    case .property, .listener, .mount: hasExtras = true
    }
  }

  /// Moves an attribute option's attribute to `next` and advances it; other options are left.
  @inlinable @inline(__always)
  static func moveAttribute(from option: consuming ElementOption, to next: inout UnsafeMutablePointer<Attribute>) {
    switch consume option {
    case .attribute(let attribute):
      next.initialize(to: attribute)
      next += 1
    case .none, .key, .property, .listener, .mount:
      break
    }
  }
}

extension Element.Extras {
  /// The extras among an element call's three options. (Gathered from an array of the three,
  /// they cost every listening element an allocation for the array.)
  @usableFromInline
  static func make(
    _ first: borrowing ElementOption, _ second: borrowing ElementOption, _ third: borrowing ElementOption
  ) -> Element.Extras? {
    var parts = Parts()
    parts.add(first)
    parts.add(second)
    parts.add(third)
    return parts.extras
  }

  /// The properties, listeners and mount methods among `options`, or nil when there are none.
  @usableFromInline
  static func make<Options: Sequence>(from options: Options) -> Element.Extras? where Options.Element == ElementOption {
    var parts = Parts()
    for option in options { parts.add(option) }
    return parts.extras
  }

  /// The extras of a set of options, gathered one option at a time.
  private struct Parts {
    var properties: [Property] = []
    var listeners: [EventListener] = []
    var mountMethods: [DOMMethod] = []

    #if hasFeature(Embedded)
    @inline(never)  // shared by both `make`s: inlined into each, it was ~550 bytes more
    #endif
    mutating func add(_ option: borrowing ElementOption) {
      switch option {
      case .property(let property): properties.append(property)
      case .listener(let listener): listeners.append(listener)
      case .mount(let method): mountMethods.append(method)
      case .attribute, .key, .none: break
      }
    }

    var extras: Element.Extras? {
      Element.Extras.make(properties: properties, listeners: listeners, mountMethods: mountMethods)
    }
  }
}
