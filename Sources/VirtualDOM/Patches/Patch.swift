/// A node's id in the DOM: the number the diff and the browser runtime both use to address it.
///
/// The container the tree is mounted in is `0`. A freshly mounted tree numbers its nodes in
/// document order (depth-first, pre-order) from 1, text and comment nodes included; nodes
/// created later get fresh ids above the largest ever given, so an id is never reused.
public typealias NodeID = Int

/// One step that turns the DOM of an old tree into the DOM of a new one.
///
/// A patch list is applied in order; each patch names nodes by id. `insert` and `replace`
/// carry a whole new subtree whose nodes take the ids `firstID`, `firstID + 1`, … in document
/// order. docs/PROTOCOL.md gives the JSON form of each case.
public enum Patch: Equatable {
  /// Inserts `node` into `parent` before the child `before` (at the end when `nil`).
  case insert(parent: NodeID, before: NodeID?, node: Node, firstID: NodeID)
  /// Moves an existing node to `parent`, before `before` (at the end when `nil`).
  case move(id: NodeID, parent: NodeID, before: NodeID?)
  case remove(id: NodeID)
  /// Removes every child of `parent`.
  case clear(parent: NodeID)
  /// Replaces the node `id` with `node`, whose nodes take ids from `firstID`.
  case replace(id: NodeID, node: Node, firstID: NodeID)
  /// Sets the data of a text or comment node.
  case text(id: NodeID, text: String)
  case setAttribute(id: NodeID, name: String, value: String)
  case removeAttribute(id: NodeID, name: String)
  case setProperty(id: NodeID, name: String, value: PropertyValue)
  case removeProperty(id: NodeID, name: String)
  /// Starts sending `event` on element `id` to the app, filtered and timed by `options`; a
  /// `listen` for an event already listened to replaces its options.
  case listen(id: NodeID, event: String, options: EventOptions = EventOptions())
  case unlisten(id: NodeID, event: String)
  /// Calls a method on an element: `showModal`, `close`, `show`, `focus`.
  case invoke(id: NodeID, method: DOMMethod)
}

extension Patch {
  /// The wire name of this patch's operation (`"insert"`, `"setAttr"`, …).
  public var operation: String {
    switch self {
    case .insert: return "insert"
    case .move: return "move"
    case .remove: return "remove"
    case .clear: return "clear"
    case .replace: return "replace"
    case .text: return "text"
    case .setAttribute: return "setAttr"
    case .removeAttribute: return "removeAttr"
    case .setProperty: return "setProp"
    case .removeProperty: return "removeProp"
    case .listen: return "listen"
    case .unlisten: return "unlisten"
    case .invoke: return "invoke"
    }
  }
}
