/// An element of the virtual DOM: a tag in a namespace, ordered attributes, DOM properties,
/// event listeners, an optional key, and children.
///
/// An element is a value. It is two words wide (one in WebAssembly) and refers to its place
/// in a heap block, `ElementStorage`, that holds everything: a small header, then the
/// attributes, the children and the key, side by side. Copying an element shares that block;
/// nothing mutates an element once it is made, so a subtree is shared, not copied, when trees
/// are built and diffed.
///
/// ```swift
/// let row = Element("tr", key: "row-1", attributes: [Attribute("class", "danger")])
/// ```
///
/// `attributes` and `children` return new arrays, which is convenient but allocates. Code that
/// walks many elements (the serializer, the diff) uses `attributeCount` / `attribute(at:)`,
/// `childCount` / `child(at:)`, or `withAttributes` / `withChildren`, which never do.
public struct Element {
  /// The block the element lies in, which the element keeps alive.
  @usableFromInline
  let storage: ElementStorage
  #if hasFeature(Embedded)
  /// In the WebAssembly module every element has a block of its own, at its start, so an
  /// element stays one word (blocks shared there cost the demo's module ~2.5 KB, and the
  /// browser benchmark's rows have listeners, whose elements never share).
  @inlinable
  init(storage: ElementStorage, offset: Int) {
    self.storage = storage
  }

  /// The header and the start of the tail, where `ElementLayout` places the parts.
  @inlinable
  func withParts<Result>(_ body: (UnsafeMutablePointer<ElementHeader>, UnsafeMutableRawPointer) -> Result) -> Result {
    storage.withParts(at: 0, body)
  }
  #else
  /// Where in `storage` the element's header is. (An offset from the block's start, added at
  /// every read, cost `Differ.diffNode` 7% more instructions: 288 M against 270 M, callgrind.)
  @usableFromInline
  let header: UnsafeMutablePointer<ElementHeader>

  @inlinable
  init(storage: ElementStorage, offset: Int) {
    self.storage = storage
    self.header = storage.withParts(at: offset) { header, _ in header }
  }

  @inlinable
  init(storage: ElementStorage, header: UnsafeMutablePointer<ElementHeader>) {
    self.storage = storage
    self.header = header
  }

  /// The header and the start of the tail, where `ElementLayout` places the parts; `storage`
  /// is kept alive while `body` runs.
  @inlinable
  func withParts<Result>(_ body: (UnsafeMutablePointer<ElementHeader>, UnsafeMutableRawPointer) -> Result) -> Result {
    withExtendedLifetime(storage) { body(header, UnsafeMutableRawPointer(header + 1)) }
  }
  #endif

  /// Reads the header in place.
  @inlinable
  func read<Value>(_ field: (UnsafeMutablePointer<ElementHeader>) -> Value) -> Value {
    withParts { header, _ in field(header) }
  }

  /// Where the first attribute goes. The caller of `ElementStorage.make` initializes them
  /// all, in order.
  @usableFromInline
  var firstAttribute: UnsafeMutablePointer<Attribute> {
    withParts { header, tail in (tail + header.pointee.layout.attributesOffset).assumingMemoryBound(to: Attribute.self) }
  }

  /// The tag name, as written (`div`, `foreignObject`).
  ///
  /// A tag of up to eight bytes is kept only packed (`packedTag`) and spelled out again here;
  /// loops that compare tags use `hasSameTag(as:)`, which does not. (Not inlinable: spelled
  /// out at every use, it cost the WebAssembly module a copy per call site.)
  public var tag: String {
    withParts { header, tail in
      let packed = header.pointee.packedTag
      if packed != 0 { return Names.tag(unpacking: packed) }
      return header.pointee.layout.storedTag(in: tail)!
    }
  }

  /// Whether both elements have the same tag: one integer comparison for short tags. Tags are
  /// compared as the DOM compares them, code point by code point (as `DOMString.same`), not by
  /// canonical equivalence.
  @inlinable
  public func hasSameTag(as other: Element) -> Bool {
    let packed = packedTag
    let otherPacked = other.packedTag
    // A tag that packs is ASCII, so it is the same as another only if that one packs too.
    if packed != 0 || otherPacked != 0 { return packed == otherPacked }
    return hasSameLongTag(as: other)
  }

  @usableFromInline
  func hasSameLongTag(as other: Element) -> Bool { DOMString.same(tag, other.tag) }

  @inlinable
  public var namespace: Namespace { read { $0.pointee.namespace } }

  /// The tag as `Names.packedTag(_:)` packs it: its bytes in an integer when it is a valid tag
  /// of at most eight bytes, else 0.
  @inlinable
  public var packedTag: UInt64 { read { $0.pointee.packedTag } }

  /// The key that identifies this element among its siblings in a keyed list.
  @inlinable
  public var key: String? {
    withParts { header, tail in header.pointee.layout.key(in: tail) }
  }

  /// Whether the element has a key (a member of a keyed list), without reading the key.
  @inlinable
  var hasKey: Bool { read { $0.pointee.hasKey } }

  /// Number of DOM nodes in this subtree, this element included.
  @inlinable
  public var subtreeSize: Int { read { Int($0.pointee.storedSubtreeSize) } }

  /// Whether the element has properties, listeners or mount methods: the parts most elements
  /// lack, which hot loops can then skip.
  @inlinable
  public var hasExtras: Bool { read { $0.pointee.flags & ElementHeader.hasExtrasFlag != 0 } }

  /// Whether this element or any element below it has mount methods.
  @inlinable
  var hasMountMethodsInSubtree: Bool { read { $0.pointee.flags & ElementHeader.mountsInSubtreeFlag != 0 } }

  /// Attributes in the order they were given; rendering keeps this order.
  ///
  /// A new array on every call: loops over many elements use `withAttributes` instead.
  public var attributes: [Attribute] {
    withAttributes { Array($0) }
  }

  /// DOM properties (`value`, `checked`, `selected`): set as properties in the browser.
  public var properties: [Property] { withExtras { $0?.pointee.properties } ?? [] }
  public var listeners: [EventListener] { withExtras { $0?.pointee.listeners } ?? [] }
  /// Methods the browser calls on the element right after it is inserted (`showModal`).
  public var mountMethods: [DOMMethod] { withExtras { $0?.pointee.mountMethods } ?? [] }

  /// Calls `body` with the extras in place (nil when the element has none): each part read
  /// through it is one copy, not a copy of all three.
  #if hasFeature(Embedded)
  @inline(never)  // inlined at each read, the module's dispatch alone grew ~300 bytes
  #endif
  @usableFromInline
  func withExtras<Result>(_ body: (UnsafePointer<Extras>?) -> Result) -> Result {
    withParts { header, tail in body(header.pointee.layout.extras(in: tail)) }
  }

  /// Child nodes, never fragments.
  ///
  /// A new array on every call: loops over many elements use `withChildren` instead.
  public var children: [Node] {
    withChildren { Array($0) }
  }

  // MARK: Walking without allocating

  /// How many attributes the element has.
  @inlinable
  public var attributeCount: Int { read { Int($0.pointee.storedAttributeCount) } }

  /// The attribute at `index`, in the order given.
  @inlinable
  public func attribute(at index: Int) -> Attribute {
    withAttributes { attributes in
      precondition(index >= 0 && index < attributes.count, "attribute index out of range")
      return attributes[index]
    }
  }

  /// Calls `body` with the attributes in place: no array is made.
  @inlinable
  package func withAttributes<Result>(_ body: (UnsafeBufferPointer<Attribute>) -> Result) -> Result {
    withParts { header, tail in body(header.pointee.layout.attributes(in: tail)) }
  }

  /// How many children the element has.
  @inlinable
  public var childCount: Int { read { Int($0.pointee.storedChildCount) } }

  /// The child at `index`.
  @inlinable
  public func child(at index: Int) -> Node {
    withChildren { children in
      precondition(index >= 0 && index < children.count, "child index out of range")
      return children[index]
    }
  }

  /// Calls `body` with the children in place: no array is made.
  @inlinable
  package func withChildren<Result>(_ body: (UnsafeBufferPointer<Node>) -> Result) -> Result {
    withParts { header, tail in body(header.pointee.layout.children(in: tail)) }
  }

  /// Calls `body` with the element `node` holds, borrowed where it lies: nil when `node` is not
  /// an element.
  ///
  /// A walk that binds a child element out of a tree (`case .element(let element)`) copies
  /// it, a retain and a release per element, because the compiler cannot see that nothing
  /// writes to the memory it came from during the call. Tree memory is never written once made
  /// (element blocks are immutable, and the caller holds the block the node lies in), so the
  /// reference can be lent to `body` unretained. In the serializer that pair was about 12% of
  /// rendering the benchmark table (perf, 10,000 rows).
  @inlinable
  package static func withElement<Result>(at node: UnsafePointer<Node>, _ body: (Element) -> Result) -> Result? {
    let unretained: Unmanaged<ElementStorage>
    #if hasFeature(Embedded)
    switch node.pointee {
    case .element(let element): unretained = .passUnretained(element.storage)
    default: return nil
    }
    return unretained._withUnsafeGuaranteedRef { body(Element(storage: $0, offset: 0)) }
    #else
    let header: UnsafeMutablePointer<ElementHeader>
    switch node.pointee {
    case .element(let element):
      unretained = .passUnretained(element.storage)
      header = element.header
    default: return nil
    }
    return unretained._withUnsafeGuaranteedRef { body(Element(storage: $0, header: header)) }
    #endif
  }

  /// `withElement(at:_:)` for two nodes: calls `body` with both elements, borrowed, when both
  /// nodes are elements; nil otherwise.
  @inlinable
  package static func withElements<Result>(
    at first: UnsafePointer<Node>, _ second: UnsafePointer<Node>, _ body: (Element, Element) -> Result
  ) -> Result? {
    withElement(at: first) { a in withElement(at: second) { b in body(a, b) } } ?? nil
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
  public func isIdentical(to other: Element) -> Bool {
    #if hasFeature(Embedded)
    storage === other.storage
    #else
    header == other.header
    #endif
  }

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
    let extras = Extras.make(properties: properties, listeners: listeners, mountMethods: mountMethods)
    self = ElementStorage.make(
      tag: tag, packedTag: Names.packedTag(tag), namespace: namespace, key: key, extras: extras,
      content: .fragment(children), attributeCount: attributes.count)
    var next = firstAttribute
    for attribute in attributes {
      next.initialize(to: attribute)
      next += 1
    }
  }

  /// A copy with some parts replaced; the rest is shared.
  #if hasFeature(Embedded)
  @inline(never)  // inlined into a caller, it was ~550 bytes more of the demo's module
  #endif
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

  /// The parts most elements lack, at the end of the element's block and only when present
  /// (`ElementLayout`), so a plain element stays small and cheap to build and free. (A class of
  /// their own was an allocation more for every element with a listener.)
  @usableFromInline
  struct Extras {
    let properties: [Property]
    let listeners: [EventListener]
    let mountMethods: [DOMMethod]

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
      guard lhs.properties == rhs.properties && EventListener.same(lhs.listeners, rhs.listeners)
        && lhs.mountMethods == rhs.mountMethods
      else { return false }
    }
    return lhs.withChildren { a in rhs.withChildren { b in a.elementsEqual(b) } }
  }
}
