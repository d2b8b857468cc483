/// An element of the virtual DOM: a tag in a namespace, ordered attributes, DOM properties,
/// event listeners, an optional key, and children.
///
/// `Element` is a final class so that a `Node` stays one word wide and a subtree is shared, not
/// copied, when trees are built and diffed. Treat it as a value: nothing mutates an element
/// once it is part of a tree.
///
/// ```swift
/// let row = Element("tr", key: "row-1", attributes: [Attribute("class", "danger")])
/// ```
public final class Element {
  /// The tag name, as written (`div`, `foreignObject`).
  public let tag: String
  public let namespace: Namespace
  /// Attributes in the order they were given; rendering keeps this order.
  public let attributes: [Attribute]
  /// Child nodes, never fragments.
  public let children: [Node]
  /// Number of DOM nodes in this subtree, this element included.
  public let subtreeSize: Int
  /// The key that identifies this element among its siblings in a keyed list.
  ///
  /// Stored inline, not in `extras`: every row of a keyed list has one, and an `Extras` object
  /// per row was one allocation and free in ~26 per benchmark row.
  public let key: String?
  /// The parts most elements lack, kept out of line so a plain element stays small and cheap
  /// to build and free.
  let extras: Extras?

  final class Extras {
    let properties: [Property]
    let listeners: [EventListener]
    let mountMethods: [DOMMethod]

    init(properties: [Property], listeners: [EventListener], mountMethods: [DOMMethod]) {
      self.properties = properties
      self.listeners = listeners
      self.mountMethods = mountMethods
    }
  }

  /// DOM properties (`value`, `checked`, `selected`): set as properties in the browser.
  public var properties: [Property] { extras?.properties ?? [] }
  /// Whether the element has a key, properties, listeners or mount methods: the parts most
  /// elements lack, which hot loops can then skip.
  public var hasExtras: Bool { extras != nil || key != nil }
  public var listeners: [EventListener] { extras?.listeners ?? [] }
  /// Methods the browser calls on the element right after it is inserted (`showModal`).
  public var mountMethods: [DOMMethod] { extras?.mountMethods ?? [] }

  public init(
    _ tag: String,
    namespace: Namespace = .html,
    key: String? = nil,
    attributes: [Attribute] = [],
    properties: [Property] = [],
    listeners: [EventListener] = [],
    mountMethods: [DOMMethod] = [],
    children: [Node] = []
  ) {
    self.tag = tag
    self.namespace = namespace
    self.attributes = attributes
    self.key = key
    if !properties.isEmpty || !listeners.isEmpty || !mountMethods.isEmpty {
      extras = Extras(properties: properties, listeners: listeners, mountMethods: mountMethods)
    } else {
      extras = nil
    }
    var size = 1
    var needsFlattening = false
    for child in children {
      switch child {
      case .fragment: needsFlattening = true
      case .element(let element): size += element.subtreeSize
      case .text, .comment: size += 1
      }
    }
    if needsFlattening {
      var flat: [Node] = []
      flat.reserveCapacity(children.count)
      for child in children { child.flatten(into: &flat) }
      size = 1
      for child in flat { size += child.subtreeSize }
      self.children = flat
    } else {
      self.children = children
    }
    self.subtreeSize = size
  }

  /// A copy with some parts replaced; the rest is shared.
  public func with(
    key: String?? = nil,
    attributes: [Attribute]? = nil,
    properties: [Property]? = nil,
    listeners: [EventListener]? = nil,
    mountMethods: [DOMMethod]? = nil,
    children: [Node]? = nil
  ) -> Element {
    Element(
      tag, namespace: namespace, key: key ?? self.key,
      attributes: attributes ?? self.attributes,
      properties: properties ?? self.properties,
      listeners: listeners ?? self.listeners,
      mountMethods: mountMethods ?? self.mountMethods,
      children: children ?? self.children)
  }

  /// The value of the attribute named `name`, if present.
  public func attribute(_ name: String) -> String? {
    for attribute in attributes where attribute.name == name { return attribute.value }
    return nil
  }
}

extension Element: Equatable {
  public static func == (lhs: Element, rhs: Element) -> Bool {
    if lhs === rhs { return true }
    if lhs.extras == nil && rhs.extras == nil {
      return lhs.tag == rhs.tag && lhs.namespace == rhs.namespace && lhs.key == rhs.key
        && lhs.attributes == rhs.attributes && lhs.children == rhs.children
    }
    return lhs.tag == rhs.tag && lhs.namespace == rhs.namespace && lhs.key == rhs.key
      && lhs.attributes == rhs.attributes && lhs.properties == rhs.properties
      && lhs.listeners == rhs.listeners && lhs.mountMethods == rhs.mountMethods
      && lhs.children == rhs.children
  }
}

/// The namespace an element lives in. SVG and MathML names keep their case.
public enum Namespace: Equatable, Hashable, Sendable {
  case html
  case svg
  case mathML

  /// The short name used in the JSON tree format and the wire protocol (`svg`, `math`).
  public var shortName: String? {
    switch self {
    case .html: return nil
    case .svg: return "svg"
    case .mathML: return "math"
    }
  }
}

/// A name–value attribute. An empty value renders as a boolean attribute (`disabled=""`).
public struct Attribute: Equatable, Sendable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A DOM property, set on the live element rather than written as markup (`input.value`).
public struct Property: Equatable, Sendable {
  public var name: String
  public var value: PropertyValue

  public init(_ name: String, _ value: PropertyValue) {
    self.name = name
    self.value = value
  }
}

/// The value of a DOM property.
public enum PropertyValue: Equatable, Sendable {
  case string(String)
  case bool(Bool)
}

/// A method the browser calls on an element (`dialog.showModal()`, `input.focus()`).
public enum DOMMethod: String, Equatable, Sendable {
  case showModal
  case close
  case show
  case focus
}
