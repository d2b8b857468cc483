/// An element of the virtual DOM: a tag in a namespace, ordered attributes, DOM properties,
/// event listeners, an optional key, and children.
///
/// An element is a value: a record in a `NodeArena`, which this value keeps alive. Nothing in a
/// record changes once it is made, so copying an element shares it, and a subtree is shared,
/// not copied, when trees are built and diffed.
///
/// ```swift
/// let row = Element("tr", key: "row-1", attributes: [Attribute("class", "danger")])
/// ```
///
/// `attributes` and `children` return new arrays, which is convenient but allocates. Code that
/// walks many elements uses `attributeCount` / `attribute(at:)` and `childCount` /
/// `child(at:)`, which never do.
public struct Element {
  let arena: NodeArena
  let index: Int

  init(arena: NodeArena, index: Int) {
    self.arena = arena
    self.index = index
  }

  var record: ElementRecord { arena.parts.pointee.records[index] }

  /// The arena's buffers, and where this element's record is in them: for walks of a whole
  /// tree (the serializer's compact path).
  package var tree: (reader: TreeReader, index: Int) { (arena.reader, index) }

  /// The tag name, as written (`div`, `foreignObject`).
  ///
  /// A tag of up to eight bytes is kept only packed (`packedTag`) and spelled out again here;
  /// loops that compare tags use `hasSameTag(as:)`, which does not.
  public var tag: String {
    let record = self.record
    if record.packedTag != 0 { return Names.tag(unpacking: record.packedTag) }
    return arena.parts.pointee.strings[Int(record.storedTag)]
  }

  /// Whether both elements have the same tag: one integer comparison for short tags. Tags are
  /// compared as the DOM compares them, code point by code point (`DOMString.equal`), not by
  /// canonical equivalence.
  public func hasSameTag(as other: Element) -> Bool {
    let packed = packedTag
    let otherPacked = other.packedTag
    // A tag that packs is ASCII, so it is the same as another only if that one packs too.
    if packed != 0 || otherPacked != 0 { return packed == otherPacked }
    return DOMString.same(tag, other.tag)
  }

  public var namespace: Namespace { record.namespace }

  /// The tag as `Names.packedTag(_:)` packs it: its bytes in an integer when it is a valid tag
  /// of at most eight bytes, else 0.
  public var packedTag: UInt64 { record.packedTag }

  /// The key that identifies this element among its siblings in a keyed list.
  public var key: String? {
    let key = record.key
    return key >= 0 ? arena.parts.pointee.strings[Int(key)] : nil
  }

  /// Whether the element has a key (a member of a keyed list), without reading the key.
  var hasKey: Bool { record.key >= 0 }

  /// Number of DOM nodes in this subtree, this element included.
  public var subtreeSize: Int { Int(record.subtreeSize) }

  /// Whether the element has properties, listeners or mount methods: the parts most elements
  /// lack, which hot loops can then skip.
  public var hasExtras: Bool { record.extras >= 0 }

  /// Whether this element or any element below it has mount methods.
  var hasMountMethodsInSubtree: Bool { record.mountsInSubtree }

  /// Attributes in the order they were given; rendering keeps this order.
  ///
  /// A new array on every call: loops over many elements use `withAttributes` instead.
  public var attributes: [Attribute] { withAttributes { Array($0) } }

  /// DOM properties (`value`, `checked`, `selected`): set as properties in the browser.
  public var properties: [Property] { extras?.properties ?? [] }
  public var listeners: [EventListener] { extras?.listeners ?? [] }
  /// Methods the browser calls on the element right after it is inserted (`showModal`).
  public var mountMethods: [DOMMethod] { extras?.mountMethods ?? [] }

  var extras: Extras? {
    let extras = record.extras
    return extras >= 0 ? arena.parts.pointee.extras[Int(extras)] : nil
  }

  /// Child nodes, never fragments.
  ///
  /// A new array on every call: loops over many elements use `childCount` / `child(at:)`.
  public var children: [Node] {
    var nodes: [Node] = []
    nodes.reserveCapacity(childCount)
    forEachChild { nodes.append($0) }
    return nodes
  }

  // MARK: Walking without allocating

  /// How many attributes the element has.
  public var attributeCount: Int { Int(record.attributeCount) }

  /// The attribute at `index`, in the order given.
  public func attribute(at index: Int) -> Attribute {
    withAttributes { attributes in
      precondition(index >= 0 && index < attributes.count, "attribute index out of range")
      return attributes[index]
    }
  }

  /// Calls `body` with the attributes in place: no array is made. `body` must build no nodes:
  /// an append to the arena may move its buffers.
  package func withAttributes<Result>(_ body: (UnsafeBufferPointer<Attribute>) -> Result) -> Result {
    body(arena.reader.attributeList(index))
  }

  /// How many children the element has.
  public var childCount: Int { Int(record.childCount) }

  /// The child at `index`.
  public func child(at index: Int) -> Node {
    let reader = arena.reader
    let children = reader.childList(self.index)
    precondition(index >= 0 && index < children.count, "child index out of range")
    return reader.node(children[index])
  }

  /// Calls `body` with each child in order. (`body` may build nodes: each child is read
  /// afresh, never through a pointer an append could move.)
  public func forEachChild(_ body: (Node) -> Void) {
    for index in 0..<childCount { body(child(at: index)) }
  }

  /// Whether both are the same stored element (so equal without looking further). An element
  /// placed in a tree of another arena is copied there, and the copy is equal, not identical.
  public func isIdentical(to other: Element) -> Bool { arena === other.arena && index == other.index }

  // MARK: Making elements

  /// Makes an element in the current arena (the one entered with `NodeArena.building`, else
  /// the thread's own). Fragments among `children` are spread.
  ///
  /// ```swift
  /// let cell = Element("td", attributes: [Attribute("class", "col-md-1")], children: [.text("1")])
  /// ```
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
    let arena = NodeArena.current
    let placed = arena.placeChildren(.fragment(children))
    let firstAttribute = arena.parts.pointee.attributes.count
    for attribute in attributes { arena.parts.pointee.attributes.append(attribute) }
    let extras = Extras.make(properties: properties, listeners: listeners, mountMethods: mountMethods)
    let index = arena.appendRecord(
      tag: tag, packedTag: Names.packedTag(tag), namespace: namespace, key: key, extras: extras, children: placed,
      firstAttribute: firstAttribute)
    self.init(arena: arena, index: index)
  }

  /// A copy with some parts replaced; the rest is the same. Made in the current arena: the
  /// children are shared when they are there already, copied when they are in another.
  ///
  /// ```swift
  /// let keyed = Element("li", children: [.text("One")]).with(key: "one")
  /// ```
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

  /// The value of the attribute named `name`, if present (names compared code point by code
  /// point, as the DOM compares them: `DOMString.equal`).
  public func attribute(_ name: String) -> String? {
    withAttributes { attributes in
      for attribute in attributes where DOMString.equal(attribute.name, name) { return attribute.value }
      return nil
    }
  }

  /// The parts most elements lack, kept out of the record so a plain element stays small.
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

extension Element: Equatable {
  public static func == (lhs: Element, rhs: Element) -> Bool {
    if lhs.isIdentical(to: rhs) { return true }
    guard lhs.hasSameTag(as: rhs) && lhs.namespace == rhs.namespace && Differ.sameKey(lhs.key, rhs.key),
      lhs.withAttributes({ a in rhs.withAttributes { b in Differ.sameAttributes(a, b) } })
    else { return false }
    if lhs.hasExtras || rhs.hasExtras {
      guard lhs.properties == rhs.properties && lhs.listeners == rhs.listeners
        && lhs.mountMethods == rhs.mountMethods
      else { return false }
    }
    guard lhs.childCount == rhs.childCount else { return false }
    for index in 0..<lhs.childCount where lhs.child(at: index) != rhs.child(at: index) { return false }
    return true
  }
}
