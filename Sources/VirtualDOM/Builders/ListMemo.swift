/// A list's nodes, each built once and reused while its input stays the same: React's `memo`
/// and Elm's `Html.Lazy`, for the rows of a list.
///
/// A view builds every row on every render, and the diff then walks every row to find the few
/// that changed. Through a memo, an item whose input equals the one of the last call gets the
/// very node built then: nothing is built, and the diff, which sees the same subtree on both
/// sides, skips it without a walk.
///
/// Keep one memo per list, beside the list's state (in the model), and call it from the view:
///
/// ```swift
/// final class Shelf {
///   var items: [Item] = []
///   let rows = ListMemo<Int, Item>()
/// }
///
/// func shelfView(_ shelf: Shelf) -> Node {
///   ul {
///     shelf.rows.nodes(shelf.items, id: { $0.id }) { item in
///       li(.key(String(item.id))) { item.name }
///     }
///   }
/// }
/// ```
///
/// The node of an unchanged input is reused whatever else changed, so `build` must depend on
/// its input alone (and on what never changes for an id, such as a listener that captures the
/// id and the model). A memo keeps the nodes of its last call only: its memory follows the
/// list, and an item that left and comes back is built again. It is not `Sendable`: it lives
/// where its model lives.
///
/// In a WebAssembly module a memo links a `Dictionary`, and an input's synthesized `==` on a
/// `String` links Unicode normalization (Swift compares strings by canonical equivalence):
/// compare text with `DOMString.equal(_:_:)`, by code points, as the diff does.
public final class ListMemo<ID: Hashable, Input: Equatable> {
  private struct Entry {
    var id: ID
    var input: Input
    var node: Node
  }

  /// The last call's entries, in its items' order (each one taken, so `nil`, while a call
  /// reuses it).
  private var entries: [Entry?] = []
  private var isBuilding = false

  /// An empty memo: the first call builds every node.
  ///
  /// ```swift
  /// let rows = ListMemo<Int, Item>()
  /// ```
  public init() {}

  /// The nodes of `items` in order: each item's input (`input(item)`) is compared with the one
  /// its id had at the last call, and `build(input)` runs only when it differs or is new.
  ///
  /// ```swift
  /// struct ItemRow: Equatable { var name: String; var isSelected: Bool }
  ///
  /// let rows = ListMemo<Int, ItemRow>()
  /// let items = [Item(id: 1), Item(id: 2)]
  /// let selectedID = 2
  /// let list = ul {
  ///   rows.nodes(items, id: { $0.id }, input: { ItemRow(name: $0.name, isSelected: $0.id == selectedID) }) { row in
  ///     li(row.isSelected ? .class("selected") : .none) { row.name }
  ///   }
  /// }
  /// ```
  ///
  /// Calling a memo again from inside its own `build` traps: give the inner list its own memo.
  public func nodes<Items: Sequence>(
    _ items: Items, id: (Items.Element) -> ID, input: (Items.Element) -> Input,
    build: (Input) -> Node
  ) -> [Node] {
    precondition(!isBuilding, "ListMemo.nodes was called from its own build closure; give the inner list a ListMemo of its own")
    isBuilding = true
    defer { isBuilding = false }
    // Taken out while building, so an entry is moved rather than copied, and one that is not
    // used again is freed at the end of the call.
    var previous = entries.takeAll()
    // Most renders keep the list's order (an edit, a selection, rows appended), so each item is
    // first looked for where the last call's order puts it: just after the last one found.
    // Only an item not there is looked up by id, in a table made at the first such item, and
    // not even then once every entry is reused (the items after are new: rows appended).
    var expected = 0
    var reused = 0
    var positions: [ID: Int]? = nil
    var next: [Entry?] = []
    next.reserveCapacity(Swift.max(previous.count, items.underestimatedCount))
    var nodes: [Node] = []
    nodes.reserveCapacity(items.underestimatedCount)
    for item in items {
      let itemID = id(item)
      let itemInput = input(item)
      let place: Int
      if reused == previous.count {
        place = previous.count
      } else if expected < previous.count && previous[expected]?.id == itemID {
        place = expected
      } else {
        if positions == nil { positions = Self.positions(of: previous) }
        place = positions![itemID] ?? previous.count
      }
      let kept = place < previous.count ? previous[place].take() : nil
      if kept != nil {
        expected = place + 1
        reused += 1
      }
      let node: Node
      if let kept, kept.input == itemInput {
        node = kept.node
      } else {
        node = build(itemInput)
      }
      next.append(Entry(id: itemID, input: itemInput, node: node))
      nodes.append(node)
    }
    entries = next
    return nodes
  }

  /// Where each id is in `entries` (the first, for an id given twice).
  private static func positions(of entries: [Entry?]) -> [ID: Int] {
    var positions: [ID: Int] = [:]
    positions.reserveCapacity(entries.count)
    // Backwards, so that the first place of an id is the one written last: one hash per id.
    for place in entries.indices.reversed() {
      if let id = entries[place]?.id { positions[id] = place }
    }
    return positions
  }
}

extension ListMemo {
  /// The nodes of `items`, each item its own input: `build(item)` runs for an item that is
  /// new or differs from the one its id had at the last call.
  ///
  /// ```swift
  /// let rows = ListMemo<Int, Item>()
  /// let list = ul {
  ///   rows.nodes([Item(id: 1), Item(id: 2)], id: { $0.id }) { item in li { item.name } }
  /// }
  /// ```
  public func nodes<Items: Sequence>(
    _ items: Items, id: (Input) -> ID, build: (Input) -> Node
  ) -> [Node] where Items.Element == Input {
    nodes(items, id: id, input: { $0 }, build: build)
  }
}
