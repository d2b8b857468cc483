/// An element of the virtual DOM: a tag in a namespace, ordered attributes, DOM properties,
/// event listeners, an optional key, and children.
///
/// An element is a value. It is one word wide (so a `Node` stays small) and refers to one heap
/// block, `ElementStorage`, that holds everything: the tag, the key, the children and, in the
/// same allocation, the attributes. Copying an element shares that block; nothing mutates it
/// once the element is made, so a subtree is shared, not copied, when trees are built and
/// diffed.
///
/// ```swift
/// let row = Element("tr", key: "row-1", attributes: [Attribute("class", "danger")])
/// ```
///
/// `attributes` and `children` return arrays, which is convenient but may allocate. Code that
/// walks many elements (the serializer, the diff) uses `attributeCount` / `attribute(at:)`,
/// `childCount` / `child(at:)`, or `withAttributes` / `withChildren`, which never do.
public struct Element {
  @usableFromInline
  let storage: ElementStorage

  @inlinable
  init(storage: ElementStorage) {
    self.storage = storage
  }

  /// Reads the header in place. (ManagedBuffer's `header` is a class `var`, so each read of it
  /// is checked for exclusive access at run time: ~60 instructions, several times per element.)
  @inlinable
  func read<Value>(_ field: (UnsafeMutablePointer<ElementHeader>) -> Value) -> Value {
    storage.withUnsafeMutablePointerToHeader(field)
  }

  /// The tag name, as written (`div`, `foreignObject`).
  @inlinable
  public var tag: String { read { $0.pointee.tag } }

  @inlinable
  public var namespace: Namespace { read { $0.pointee.namespace } }

  /// The tag as `Names.packedTag(_:)` packs it: its bytes in an integer when it is a valid tag
  /// of at most eight bytes, else 0.
  @inlinable
  public var packedTag: UInt64 { read { $0.pointee.packedTag } }

  /// The key that identifies this element among its siblings in a keyed list.
  @inlinable
  public var key: String? { read { $0.pointee.key } }

  /// Number of DOM nodes in this subtree, this element included.
  @inlinable
  public var subtreeSize: Int { read { $0.pointee.subtreeSize } }

  /// Whether the element has a key, properties, listeners or mount methods: the parts most
  /// elements lack, which hot loops can then skip.
  @inlinable
  public var hasExtras: Bool { read { $0.pointee.extras != nil || $0.pointee.key != nil } }

  /// Attributes in the order they were given; rendering keeps this order.
  ///
  /// A new array on every call: loops over many elements use `withAttributes` instead.
  public var attributes: [Attribute] {
    withAttributes { Array($0) }
  }

  /// DOM properties (`value`, `checked`, `selected`): set as properties in the browser.
  public var properties: [Property] { read { $0.pointee.extras?.properties ?? [] } }
  public var listeners: [EventListener] { read { $0.pointee.extras?.listeners ?? [] } }
  /// Methods the browser calls on the element right after it is inserted (`showModal`).
  public var mountMethods: [DOMMethod] { read { $0.pointee.extras?.mountMethods ?? [] } }

  /// Child nodes, never fragments.
  ///
  /// Several children come back as the stored array (no copy); a single child is stored bare
  /// and comes back in a new one-element array. Loops use `withChildren` or `child(at:)`.
  public var children: [Node] {
    switch read({ $0.pointee.content }) {
    case .fragment(let nodes): return nodes
    case let single: return [single]
    }
  }

  // MARK: Walking without allocating

  /// How many attributes the element has.
  @inlinable
  public var attributeCount: Int { read { $0.pointee.attributeCount } }

  /// The attribute at `index`, in the order given.
  @inlinable
  public func attribute(at index: Int) -> Attribute {
    precondition(index >= 0 && index < attributeCount, "attribute index out of range")
    return storage.withUnsafeMutablePointerToElements { $0[index] }
  }

  /// Calls `body` with the attributes in place: no array is made.
  @inlinable
  public func withAttributes<Result>(_ body: (UnsafeBufferPointer<Attribute>) -> Result) -> Result {
    storage.withUnsafeMutablePointers { header, attributes in
      body(UnsafeBufferPointer(start: attributes, count: header.pointee.attributeCount))
    }
  }

  /// How many children the element has.
  @inlinable
  public var childCount: Int {
    switch read({ $0.pointee.content }) {
    case .fragment(let nodes): return nodes.count
    default: return 1
    }
  }

  /// The child at `index`.
  @inlinable
  public func child(at index: Int) -> Node {
    switch read({ $0.pointee.content }) {
    case .fragment(let nodes): return nodes[index]
    case let single:
      precondition(index == 0, "child index out of range")
      return single
    }
  }

  /// Calls `body` with the children in place: no array is made, even for a single child.
  @inlinable
  public func withChildren<Result>(_ body: (UnsafeBufferPointer<Node>) -> Result) -> Result {
    storage.withUnsafeMutablePointerToHeader { $0.pointee.withChildren(body) }
  }

  /// Calls `body` with each child in order.
  @inlinable
  public func forEachChild(_ body: (Node) -> Void) {
    withChildren { children in
      for child in children { body(child) }
    }
  }

  /// Whether both are the same stored element (so equal without looking further).
  @inlinable
  public func isIdentical(to other: Element) -> Bool { storage === other.storage }

  // MARK: Making elements

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
    let content: Node = children.count == 1 ? children[0] : .fragment(children)
    let extras = Extras.make(properties: properties, listeners: listeners, mountMethods: mountMethods)
    storage = ElementStorage.make(
      tag: tag, packedTag: Names.packedTag(tag), namespace: namespace, key: key, extras: extras, content: content,
      attributeCount: attributes.count)
    storage.withUnsafeMutablePointerToElements { target in
      attributes.withUnsafeBufferPointer { source in
        if let start = source.baseAddress { target.initialize(from: start, count: source.count) }
      }
    }
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
    withAttributes { attributes in
      for attribute in attributes where attribute.name == name { return attribute.value }
      return nil
    }
  }

  /// The parts most elements lack, kept out of line so a plain element stays small and cheap
  /// to build and free.
  @usableFromInline
  final class Extras {
    let properties: [Property]
    let listeners: [EventListener]
    let mountMethods: [DOMMethod]

    init(properties: [Property], listeners: [EventListener], mountMethods: [DOMMethod]) {
      self.properties = properties
      self.listeners = listeners
      self.mountMethods = mountMethods
    }

    static func make(properties: [Property], listeners: [EventListener], mountMethods: [DOMMethod]) -> Extras? {
      if properties.isEmpty && listeners.isEmpty && mountMethods.isEmpty { return nil }
      return Extras(properties: properties, listeners: listeners, mountMethods: mountMethods)
    }
  }
}

// MARK: - Storage

/// The fixed part of an element's one allocation; the attributes follow it in the same block.
@usableFromInline
struct ElementHeader {
  // Narrow counts, and the 17-byte `content` last, keep the header at 80 bytes.
  @usableFromInline var tag: String
  @usableFromInline var packedTag: UInt64
  @usableFromInline var key: String?
  @usableFromInline var extras: Element.Extras?
  @usableFromInline var storedSubtreeSize: UInt32
  @usableFromInline var storedAttributeCount: UInt16
  @usableFromInline var namespace: Namespace
  /// The children, stored as the builder hands them over so that no array is made for them:
  /// one child as itself, several as `.fragment(flat array)`, none as `.fragment([])` (the
  /// shared empty array). Never a fragment inside.
  @usableFromInline var content: Node

  @inlinable
  var subtreeSize: Int { Int(storedSubtreeSize) }
  @inlinable
  var attributeCount: Int { Int(storedAttributeCount) }

  @inlinable
  mutating func withChildren<Result>(_ body: (UnsafeBufferPointer<Node>) -> Result) -> Result {
    if case .fragment(let nodes) = content {
      return nodes.withUnsafeBufferPointer(body)
    }
    // A single child: the header's own field is a buffer of one, valid while the storage is.
    return withUnsafeMutablePointer(to: &content) { body(UnsafeBufferPointer(start: $0, count: 1)) }
  }
}

/// An element's one heap block: `ElementHeader`, then `attributeCount` attributes.
///
/// One allocation per element, instead of the element object plus an attribute array plus a
/// children array: building and freeing those was about two thirds of the time of building
/// and rendering the benchmark table.
@usableFromInline
final class ElementStorage: ManagedBuffer<ElementHeader, Attribute> {
  deinit {
    // ManagedBuffer destroys the header; the attributes in the tail are ours to destroy.
    // One at a time: `deinitialize(count:)` with a count unknown at compile time goes through
    // the runtime's generic array destroyer (~45 instructions per attribute, against two
    // string releases inlined here).
    withUnsafeMutablePointers { header, attributes in
      for index in 0..<header.pointee.attributeCount { _ = (attributes + index).move() }
    }
  }

  /// Makes the block with room for `attributeCount` attributes, which the caller must then
  /// initialize, all of them, before the storage is used or released (nothing in between can
  /// fail). `content` is flattened here if it holds fragments.
  @usableFromInline
  static func make(
    tag: String, packedTag: UInt64, namespace: Namespace, key: String?, extras: Element.Extras?,
    content: consuming Node, attributeCount: Int
  ) -> ElementStorage {
    var content = content
    let subtreeSize = 1 + flatten(&content)
    precondition(attributeCount <= Int(UInt16.max), "an element holds at most 65,535 attributes")
    // Compared as UInt64: on wasm32 `Int` is 32 bits and cannot hold UInt32.max.
    precondition(UInt64(subtreeSize) <= UInt64(UInt32.max), "a subtree holds at most 4,294,967,295 nodes")
    let buffer = ElementStorage.create(minimumCapacity: attributeCount) { _ in
      ElementHeader(
        tag: tag, packedTag: packedTag, key: key, extras: extras, storedSubtreeSize: UInt32(subtreeSize),
        storedAttributeCount: UInt16(attributeCount), namespace: namespace, content: content)
    }
    return unsafeDowncast(buffer, to: ElementStorage.self)
  }

  /// Spreads fragments in `content` (in place, and only when there are any); returns how
  /// many DOM nodes the children hold.
  static func flatten(_ content: inout Node) -> Int {
    switch content {
    case .element(let element): return element.subtreeSize
    case .text, .comment: return 1
    case .fragment(let nodes):
      var size = 0
      for node in nodes {
        switch node {
        case .element(let element): size += element.subtreeSize
        case .text, .comment: size += 1
        case .fragment:
          var flat: [Node] = []
          flat.reserveCapacity(nodes.count)
          for node in nodes { node.flatten(into: &flat) }
          content = flat.count == 1 ? flat[0] : .fragment(flat)
          return flatten(&content)
        }
      }
      return size
    }
  }
}

extension Element: Equatable {
  public static func == (lhs: Element, rhs: Element) -> Bool {
    if lhs.isIdentical(to: rhs) { return true }
    guard lhs.tag == rhs.tag && lhs.namespace == rhs.namespace && lhs.key == rhs.key,
      lhs.withAttributes({ a in rhs.withAttributes { b in a.elementsEqual(b) } })
    else { return false }
    if lhs.read({ $0.pointee.extras != nil }) || rhs.read({ $0.pointee.extras != nil }) {
      guard lhs.properties == rhs.properties && lhs.listeners == rhs.listeners
        && lhs.mountMethods == rhs.mountMethods
      else { return false }
    }
    return lhs.withChildren { a in rhs.withChildren { b in a.elementsEqual(b) } }
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
