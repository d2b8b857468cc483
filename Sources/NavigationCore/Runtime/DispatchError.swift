import VirtualDOM

/// Why ``NavigationRuntime/dispatch(id:event:payload:)`` rejected an event; nothing changed.
///
/// ```swift
/// switch runtime.dispatch(id: 7, event: "click") {
/// case .success(let batch): send(batch.patches)
/// case .failure(let error): log(error.reason)   // "node #7 was removed: the event is stale"
/// }
/// ```
public enum DispatchError: Error, Equatable {
  /// The node was in the tree once and has been removed (an old dialog, a popped page).
  case staleNode(NodeID)
  /// No node ever had this id.
  case unknownNode(NodeID)
  /// The node is there but does not listen to the event.
  case notListening(NodeID, event: String)

  /// A sentence saying why the event was rejected.
  ///
  /// ```swift
  /// DispatchError.unknownNode(99).reason  // "no node #99 was ever rendered"
  /// ```
  public var reason: String {
    switch self {
    case .staleNode(let id): return "node #\(id) was removed: the event is stale"
    case .unknownNode(let id): return "no node #\(id) was ever rendered"
    case .notListening(let id, let event): return "node #\(id) does not listen to \(event)"
    }
  }
}
