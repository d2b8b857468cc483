import VirtualDOM

/// An in-memory DOM that applies patches as the browser runtime does: the fake DOM that tests
/// check the diff against (`apply(diff(a, b), a) == b`).
///
/// ```swift
/// var dom = MemoryDOM(mounting: [old])
/// try dom.apply(diff([old], [new]))
/// assert(dom.roots == [new])
/// ```
public struct MemoryDOM {
  /// A patch that cannot be applied: it names a node that is not there, or asks for something
  /// the node cannot do.
  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  enum Content {
    case element(tag: String, namespace: Namespace, key: String?)
    case text(String)
    case comment(String)
  }

  struct Record {
    var content: Content
    var attributes: [Attribute] = []
    var properties: [Property] = []
    var events: [String] = []
    var children: [NodeID] = []
    var parent: NodeID = -1
  }

  private var records = RecordTable()

  /// Records by node id, in a table that holds only the nodes in the DOM, as a page's map
  /// from ids to nodes does: ids are never reused, so a table indexed by id would grow with
  /// every node ever inserted, and a long-running page's memory with it.
  ///
  /// Open addressing with linear probing, each id's first slot `id & mask`: live ids are
  /// mostly runs of consecutive integers, so they rarely collide and a lookup is an index and
  /// a compare, as in an array (no hashing, neighbouring nodes side by side in memory). A
  /// removed node leaves a marker that probes go past (moving entries back instead would scan
  /// the whole run of consecutive ids on every removal). Live entries and markers fill at most
  /// half the slots; past that the table is rebuilt without markers, at a size for the live
  /// nodes, so its size follows how many nodes the DOM holds, not how many it ever held.
  struct RecordTable {
    private static let empty: NodeID = -1
    private static let removed: NodeID = -2
    private var keys: [NodeID] = Array(repeating: empty, count: 16)
    private var values: [Record?] = Array(repeating: nil, count: 16)
    /// Live entries, and live entries with removal markers.
    private var count = 0
    private var used = 0

    private var mask: Int { keys.count - 1 }

    /// The slot holding `id`; else the slot where it would go (the first marker on the way,
    /// or the empty slot that ends the probe).
    private func slot(of id: NodeID) -> (index: Int, found: Bool) {
      var index = id & mask
      var firstRemoved = -1
      while true {
        let key = keys[index]
        if key == id { return (index, true) }
        if key == Self.empty { return (firstRemoved >= 0 ? firstRemoved : index, false) }
        if key == Self.removed && firstRemoved < 0 { firstRemoved = index }
        index = (index + 1) & mask
      }
    }

    subscript(id: NodeID) -> Record? {
      get {
        guard id >= 0 else { return nil }
        let (index, found) = slot(of: id)
        return found ? values[index] : nil
      }
      _modify {
        // In place for a node that is there, so `records[id]!.children.append(x)` copies
        // nothing; setting nil removes it, setting a record for a new id inserts it.
        let (index, found) = id >= 0 ? slot(of: id) : (0, false)
        if found {
          yield &values[index]
          if values[index] == nil { remove(at: index) }
        } else {
          var record: Record? = nil
          yield &record
          if let record {
            precondition(id >= 0, "node ids are not negative")
            insert(id, record, at: index)
          }
        }
      }
    }

    mutating func removeValue(forKey id: NodeID) -> Record? {
      guard id >= 0 else { return nil }
      let (index, found) = slot(of: id)
      guard found else { return nil }
      let record = values[index]
      remove(at: index)
      return record
    }

    /// Inserts a new id at `index`, the slot `slot(of:)` found for it (found again after a
    /// rebuild).
    private mutating func insert(_ id: NodeID, _ record: Record, at index: Int) {
      var index = index
      if (used + 1) * 2 > keys.count {
        rebuild()
        index = slot(of: id).index
      }
      if keys[index] == Self.empty { used += 1 }
      keys[index] = id
      values[index] = record
      count += 1
    }

    /// Re-inserts the live entries into a table at most a quarter full, without markers.
    private mutating func rebuild() {
      var size = 16
      while size < (count + 1) * 4 { size *= 2 }
      let oldKeys = keys
      var oldValues = values
      keys = Array(repeating: Self.empty, count: size)
      values = Array(repeating: nil, count: size)
      for index in oldKeys.indices where oldKeys[index] >= 0 {
        let target = slot(of: oldKeys[index]).index
        keys[target] = oldKeys[index]
        swap(&values[target], &oldValues[index])
      }
      used = count
    }

    private mutating func remove(at index: Int) {
      // Before an empty slot no probe needs to go on, so the slot can be empty too.
      if keys[(index + 1) & mask] == Self.empty {
        keys[index] = Self.empty
        used -= 1
      } else {
        keys[index] = Self.removed
      }
      values[index] = nil
      count -= 1
    }
  }

  /// Every `invoke` applied, in order: which element, which method.
  public private(set) var invocations: [(id: NodeID, method: DOMMethod)] = []

  /// Forgets the invocations recorded so far, keeping their storage: a long run that checks
  /// each update's invocations and then drops them does not grow.
  ///
  /// ```swift
  /// try dom.apply(patches)
  /// assert(dom.invocations.map(\.method) == [.showModal])
  /// dom.removeAllInvocations()
  /// ```
  public mutating func removeAllInvocations() {
    invocations.removeAll(keepingCapacity: true)
  }

  /// Mounts `roots` into the container (id 0), numbering them in document order from `firstID`.
  public init(mounting roots: [Node], firstID: NodeID = 1) {
    records[0] = Record(content: .element(tag: "#container", namespace: .html, key: nil))
    var nextID = firstID
    for node in roots {
      for member in node.flattened {
        let id = create(member, nextID: &nextID)
        attach(id, to: 0, before: nil)
      }
    }
  }

  /// The container's children as nodes (listeners carry no-op handlers).
  public var roots: [Node] { records[0]!.children.map(node(for:)) }

  /// Whether a node with this id is in the DOM.
  public func contains(_ id: NodeID) -> Bool { records[id] != nil }

  /// The events an element listens to.
  public func events(of id: NodeID) -> [String] { records[id]?.events ?? [] }

  // MARK: Applying patches

  public mutating func apply(_ patches: [Patch]) throws(MemoryDOM.Error) {
    for patch in patches { try apply(patch) }
  }

  public mutating func apply(_ patch: Patch) throws(MemoryDOM.Error) {
    switch patch {
    case .insert, .move, .remove, .clear, .replace, .text: try applyToTree(patch)
    case .setAttribute, .removeAttribute, .setProperty, .removeProperty, .listen, .unlisten, .invoke:
      try applyToElement(patch)
    }
  }

  /// A patch that changes the tree: nodes inserted, moved, removed or replaced, text changed.
  private mutating func applyToTree(_ patch: Patch) throws(MemoryDOM.Error) {
    switch patch {
    case .insert(let parent, let before, let node, let firstID):
      try requireElement(parent, patch)
      var nextID = firstID
      let id = create(node, nextID: &nextID)
      try attachChecked(id, to: parent, before: before, patch)
    case .move(let id, let parent, let before):
      try requireNode(id, patch)
      try requireElement(parent, patch)
      detach(id)
      try attachChecked(id, to: parent, before: before, patch)
    case .remove(let id):
      try requireNode(id, patch)
      detach(id)
      destroy(id)
    case .clear(let parent):
      try requireElement(parent, patch)
      for child in records[parent]!.children { destroy(child) }
      records[parent]!.children = []
    case .replace(let id, let node, let firstID):
      try requireNode(id, patch)
      let parent = records[id]!.parent
      let index = records[parent]!.children.firstIndex(of: id)!
      var nextID = firstID
      let newID = create(node, nextID: &nextID)
      records[parent]!.children[index] = newID
      records[newID]!.parent = parent
      destroy(id)
    case .text(let id, let text):
      try requireNode(id, patch)
      switch records[id]!.content {
      case .text: records[id]!.content = .text(text)
      case .comment: records[id]!.content = .comment(text)
      case .element: throw Error(message: "\(describe(patch)): node \(id) is an element, not text")
      }
    default: preconditionFailure("applyToTree takes tree patches only")
    }
  }

  /// A patch that changes one element: its attributes, properties, listeners, or a method called.
  private mutating func applyToElement(_ patch: Patch) throws(MemoryDOM.Error) {
    switch patch {
    case .setAttribute(let id, let name, let value):
      try requireElement(id, patch)
      if let index = records[id]!.attributes.firstIndex(where: { $0.name == name }) {
        records[id]!.attributes[index].value = value
      } else {
        records[id]!.attributes.append(Attribute(name, value))
      }
    case .removeAttribute(let id, let name):
      try requireElement(id, patch)
      records[id]!.attributes.removeAll { $0.name == name }
    case .setProperty(let id, let name, let value):
      try requireElement(id, patch)
      if let index = records[id]!.properties.firstIndex(where: { $0.name == name }) {
        records[id]!.properties[index].value = value
      } else {
        records[id]!.properties.append(Property(name, value))
      }
    case .removeProperty(let id, let name):
      try requireElement(id, patch)
      records[id]!.properties.removeAll { $0.name == name }
    case .listen(let id, let event, _):
      try requireElement(id, patch)
      if !records[id]!.events.contains(event) { records[id]!.events.append(event) }
    case .unlisten(let id, let event):
      try requireElement(id, patch)
      records[id]!.events.removeAll { $0 == event }
    case .invoke(let id, let method):
      try requireElement(id, patch)
      invocations.append((id, method))
    default: preconditionFailure("applyToElement takes element patches only")
    }
  }

  // MARK: Building and reading

  private mutating func create(_ node: Node, nextID: inout NodeID) -> NodeID {
    let id = nextID
    nextID += 1
    switch node {
    case .text(let text):
      records[id] = Record(content: .text(text))
    case .comment(let text):
      records[id] = Record(content: .comment(text))
    case .fragment:
      records[id] = Record(content: .text(""))
    case .element(let element):
      var record = Record(content: .element(tag: element.tag, namespace: element.namespace, key: element.key))
      record.attributes = element.attributes
      if element.hasExtras {
        record.properties = element.properties
        record.events = element.listeners.map { $0.event }
      }
      records[id] = record
      for index in 0..<element.childCount {
        let childID = create(element.child(at: index), nextID: &nextID)
        records[childID]!.parent = id
        records[id]!.children.append(childID)
      }
    }
    return id
  }

  private func node(for id: NodeID) -> Node {
    let record = records[id]!
    switch record.content {
    case .text(let text): return .text(text)
    case .comment(let text): return .comment(text)
    case .element(let tag, let namespace, let key):
      return .element(
        Element(
          tag, namespace: namespace, key: key, attributes: record.attributes,
          properties: record.properties,
          listeners: record.events.map { EventListener($0) { _ in } },
          children: record.children.map(node(for:))))
    }
  }

  private mutating func attach(_ id: NodeID, to parent: NodeID, before: NodeID?) {
    records[id]!.parent = parent
    if let before, let index = records[parent]!.children.firstIndex(of: before) {
      records[parent]!.children.insert(id, at: index)
    } else {
      records[parent]!.children.append(id)
    }
  }

  private mutating func attachChecked(_ id: NodeID, to parent: NodeID, before: NodeID?, _ patch: Patch) throws(MemoryDOM.Error) {
    if let before, records[before]?.parent != parent {
      throw Error(message: "\(describe(patch)): node \(before) is not a child of \(parent)")
    }
    attach(id, to: parent, before: before)
  }

  private mutating func detach(_ id: NodeID) {
    let parent = records[id]!.parent
    records[parent]?.children.removeAll { $0 == id }
    records[id]!.parent = -1
  }

  private mutating func destroy(_ id: NodeID) {
    guard let record = records.removeValue(forKey: id) else { return }
    for child in record.children { destroy(child) }
  }

  private func requireNode(_ id: NodeID, _ patch: Patch) throws(MemoryDOM.Error) {
    guard id != 0, records[id] != nil else {
      throw Error(message: "\(describe(patch)): no node with id \(id)")
    }
  }

  private func requireElement(_ id: NodeID, _ patch: Patch) throws(MemoryDOM.Error) {
    guard let record = records[id] else { throw Error(message: "\(describe(patch)): no node with id \(id)") }
    guard case .element = record.content else {
      throw Error(message: "\(describe(patch)): node \(id) is not an element")
    }
  }

  private func describe(_ patch: Patch) -> String { "patch \"\(patch.operation)\"" }
}
