/// The JSON form of patches and nodes that the browser runtime (/runtime.js) applies.
/// docs/PROTOCOL.md documents every field with an example.
///
/// ```swift
/// let json = WireFormat.encode(patches)   // [{"op":"text","id":4,"text":"Hello"}]
/// ```
public enum WireFormat {
  /// The patches as one JSON array.
  public static func encode(_ patches: [Patch]) -> String {
    var writer = JSONWriter(capacity: 64 * patches.count + 2)
    write(patches, to: &writer)
    return writer.string
  }

  /// The patches as one JSON array; natively, a run of inserts of one shape as one `inserts`
  /// entry (``writeInsertRuns(_:to:)``). A WebAssembly module writes each patch: its answers
  /// never cross a network, and the runs' code costs a module about 2 KB gzip, which an app pays
  /// only if it asks for them (`WasmApp.register(_:patches:startSession:)`).
  public static func write(_ patches: [Patch], to writer: inout JSONWriter) {
    #if hasFeature(Embedded)
    writer.raw("[")
    var index = 0
    while index < patches.count {
      if index > 0 { writer.raw(",") }
      write(patches[index], to: &writer)
      index += 1
    }
    writer.raw("]")
    #else
    writeInsertRuns(patches, to: &writer)
    #endif
  }

  /// The patches as one JSON array, a run of inserts of one shape as one `inserts` entry
  /// (docs/PROTOCOL.md), in every build: what `write(_:to:)` writes natively.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// WireFormat.writeInsertRuns(patches, to: &writer)   // [{"op":"inserts","parent":2,…,"more":[["b","Banana"]]}]
  /// ```
  public static func writeInsertRuns(_ patches: [Patch], to writer: inout JSONWriter) {
    writer.raw("[")
    var index = 0
    while index < patches.count {
      if index > 0 { writer.raw(",") }
      index = writePatchOrInsertRun(patches, from: index, to: &writer)
    }
    writer.raw("]")
  }

  public static func write(_ patch: Patch, to writer: inout JSONWriter) {
    writer.raw("{\"op\":")
    writer.string(patch.operation)
    switch patch {
    case .insert(let parent, let before, let node, let firstID):
      writeInsertFields(parent: parent, before: before, node: node, firstID: firstID, to: &writer)
    case .move(let id, let parent, let before):
      writer.key("id"); writer.number(id)
      writer.key("parent"); writer.number(parent)
      writer.key("before"); if let before { writer.number(before) } else { writer.null() }
    case .remove(let id):
      writer.key("id"); writer.number(id)
    case .clear(let parent):
      writer.key("id"); writer.number(parent)
    case .replace(let id, let node, let firstID):
      writer.key("id"); writer.number(id)
      writer.key("node"); var nextID = firstID; write(node, nextID: &nextID, to: &writer)
    case .text(let id, let text):
      writer.key("id"); writer.number(id)
      writer.key("text"); writer.string(text)
    case .setAttribute(let id, let name, let value):
      writer.key("id"); writer.number(id)
      writer.key("name"); writer.string(name)
      writer.key("value"); writer.string(value)
    case .removeAttribute(let id, let name), .removeProperty(let id, let name):
      writer.key("id"); writer.number(id)
      writer.key("name"); writer.string(name)
    case .setProperty(let id, let name, let value):
      writer.key("id"); writer.number(id)
      writer.key("name"); writer.string(name)
      writer.key("value"); write(value, to: &writer)
    case .listen(let id, let event, let options):
      writer.key("id"); writer.number(id)
      writer.key("event"); writer.string(event)
      writeFields(of: options, to: &writer)
    case .unlisten(let id, let event):
      writer.key("id"); writer.number(id)
      writer.key("event"); writer.string(event)
    case .invoke(let id, let method):
      writer.key("id"); writer.number(id)
      writer.key("method"); writer.string(method.rawValue)
    }
    writer.raw("}")
  }

  /// `,"parent":2,"before":null,"node":{…}`: an insert's fields, and a run's (`inserts`).
  static func writeInsertFields(parent: NodeID, before: NodeID?, node: Node, firstID: NodeID, to writer: inout JSONWriter) {
    writer.key("parent"); writer.number(parent)
    writer.key("before"); if let before { writer.number(before) } else { writer.null() }
    writer.key("node"); var nextID = firstID; write(node, nextID: &nextID, to: &writer)
  }

  /// A node with its id and its descendants' ids, given in document order from `nextID`.
  ///
  /// ```swift
  /// var writer = JSONWriter()
  /// var next: NodeID = 5
  /// WireFormat.write(p { "Hi" }, nextID: &next, to: &writer)   // {"id":5,"tag":"p","children":[{"id":6,…
  /// ```
  public static func write(_ node: Node, nextID: inout NodeID, to writer: inout JSONWriter) {
    var ids = WireIDs(counting: nextID)
    write(node, ids: &ids, to: &writer)
    nextID = ids.next
  }

  /// Mounted nodes as one JSON array, each node with its id as mounted (`ids` in document
  /// order, as `MountedTree.ids` holds them): a page's content without HTML, which the browser
  /// runtime builds as it builds an inserted subtree. Nodes past the end of `ids` (a shorter
  /// list than the nodes) count up from the largest id given plus one; extra ids go unused.
  ///
  /// ```swift
  /// let tree = MountedTree([div { p { "Hi" } }])
  /// var writer = JSONWriter()
  /// WireFormat.write(tree.roots, ids: tree.ids, to: &writer)   // [{"id":1,"tag":"div",…}]
  /// ```
  public static func write(_ nodes: [Node], ids given: [NodeID], to writer: inout JSONWriter) {
    var ids = WireIDs(given: given)
    writer.raw("[")
    for (index, node) in nodes.enumerated() {
      if index > 0 { writer.raw(",") }
      write(node, ids: &ids, to: &writer)
    }
    writer.raw("]")
  }

  private static func write(_ node: Node, ids: inout WireIDs, to writer: inout JSONWriter) {
    writer.raw("{\"id\":")
    writer.number(ids.take())
    switch node {
    case .text(let text):
      writer.key("text"); writer.string(text)
    case .comment(let text):
      writer.key("comment"); writer.string(text)
    case .fragment:
      // Stored trees never hold fragments (elements flatten their children).
      writer.key("text"); writer.string("")
    case .element(let element):
      writer.key("tag"); writer.string(element.tag)
      if let namespace = element.namespace.shortName { writer.key("ns"); writer.string(namespace) }
      if let key = element.key { writer.key("key"); writer.string(key) }
      if element.attributeCount > 0 {
        writer.key("attrs"); writer.raw("[")
        for index in 0..<element.attributeCount {
          let attribute = element.attribute(at: index)
          writer.raw(index == 0 ? "[" : ",[")
          writer.string(attribute.name); writer.raw(","); writer.string(attribute.value)
          writer.raw("]")
        }
        writer.raw("]")
      }
      if element.hasExtras && !element.properties.isEmpty {
        writer.key("props"); writer.raw("[")
        for (index, property) in element.properties.enumerated() {
          writer.raw(index == 0 ? "[" : ",[")
          writer.string(property.name); writer.raw(","); write(property.value, to: &writer)
          writer.raw("]")
        }
        writer.raw("]")
      }
      if element.hasExtras && !element.listeners.isEmpty { writeListeners(of: element, to: &writer) }
      if element.childCount > 0 {
        writer.key("children"); writer.raw("[")
        for index in 0..<element.childCount {
          if index > 0 { writer.raw(",") }
          write(element.child(at: index), ids: &ids, to: &writer)
        }
        writer.raw("]")
      }
    }
    writer.raw("}")
  }

  static func write(_ value: PropertyValue, to writer: inout JSONWriter) {
    switch value {
    case .string(let string): writer.string(string)
    case .bool(let bool): writer.bool(bool)
    }
  }
}

/// Where a written node's id comes from: the ids a mounted tree gave its nodes, in document
/// order, or, past them (or with none), a count up from the next free id.
private struct WireIDs {
  private let given: [NodeID]
  private var position = 0
  private(set) var next: NodeID

  init(counting next: NodeID) {
    self.given = []
    self.next = next
  }

  init(given: [NodeID]) {
    self.given = given
    self.next = (given.max() ?? 0) + 1
  }

  mutating func take() -> NodeID {
    if position < given.count {
      position += 1
      return given[position - 1]
    }
    next += 1
    return next - 1
  }
}
