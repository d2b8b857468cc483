/// A node of the virtual DOM: an element, a run of text, a comment, or a fragment.
///
/// Nodes are values. Build them with the DSL (`div { "Hello" }`) or directly:
///
/// ```swift
/// let greeting: Node = .element(Element("p", children: [.text("Hello")]))
/// ```
///
/// Fragments are a building convenience: they never reach the DOM, because every place that
/// stores children flattens them (`Node.flattened`).
///
/// A node's lifetime ends at its last use, not at the end of its scope (`@_eagerMove`): in
/// the closures the DSL's builder writes (`tr { td {…}; td {…} }`), each child is a local that
/// the block's array takes, and with lifetimes to the end of the scope the compiler had to copy
/// each one into the array and release the local at the end (a retain and a release per child,
/// two atomic operations; README's Benchmarks section has the figures). Nothing a node
/// holds has a deinitializer that could observe the difference but the closures of its
/// listeners, which are released a little sooner.
@_eagerMove
public enum Node {
  case element(Element)
  case text(String)
  case comment(String)
  case fragment([Node])
}

extension Node {
  /// The element, when this node is one.
  public var element: Element? {
    if case .element(let element) = self { return element }
    return nil
  }

  /// The key that identifies this node among its siblings, if it has one.
  public var key: String? { element?.key }

  /// Appends this node to `children`, spreading fragments so that stored children are never
  /// fragments.
  @inlinable
  public func flatten(into children: inout [Node]) {
    switch self {
    case .fragment(let nodes):
      for node in nodes { node.flatten(into: &children) }
    default:
      children.append(self)
    }
  }

  /// The DOM nodes this node stands for: itself, or a fragment's members, flattened.
  public var flattened: [Node] {
    var result: [Node] = []
    flatten(into: &result)
    return result
  }

  /// How many DOM nodes this subtree holds, itself included (a fragment counts its members).
  public var subtreeSize: Int {
    switch self {
    case .element(let element): return element.subtreeSize
    case .text, .comment: return 1
    case .fragment(let nodes):
      var total = 0
      for node in nodes { total += node.subtreeSize }
      return total
    }
  }
}

extension Node: Equatable {
  /// Structural equality: tags, namespaces, keys, attributes, properties, the names of the
  /// events listened to, mount methods and children. Handler closures are not compared: a
  /// re-render that only makes new closures is no change to the DOM.
  public static func == (lhs: Node, rhs: Node) -> Bool {
    switch (lhs, rhs) {
    case (.element(let a), .element(let b)): return a == b
    case (.text(let a), .text(let b)): return DOMString.same(a, b)
    case (.comment(let a), .comment(let b)): return DOMString.same(a, b)
    case (.fragment(let a), .fragment(let b)): return a == b
    default: return false
    }
  }
}
