import NavigationCore

/// The inventory's state: the items, the one dialog that may be open, and the stack of pages.
///
/// Navigation is state here: `destination` is one enum, so only one dialog is ever open, and
/// switching from "New item" to "Import items" is a single change; `path` is the stack.
///
/// ```swift
/// let model = InventoryModel()
/// model.addItemTapped()          // opens "New item"
/// model.path.append(Route.item(1))
/// ```
public final class InventoryModel {
  @Observed public var items: [Item]
  @Observed public var destination: Destination?
  @Observed public var path = UINavigationPath()
  /// The list's filter, the URL's `?q=`: typing in it replaces the history entry.
  @Observed public var query = ""
  private var nextID: Int

  /// The one dialog that can be open.
  public enum Destination: Equatable {
    case addItem(NewItem)
    case importItems
    case deleteAlert(AlertState<AlertAction>)
    case duplicateDialog(ConfirmationDialogState<DuplicateAction>)
  }

  /// The draft an "Add item" sheet edits.
  public struct NewItem: Hashable {
    public var name = ""
  }

  public enum AlertAction: Equatable {
    case confirmDelete(itemID: Int)
  }

  public enum DuplicateAction: Equatable {
    case confirmDuplicate(itemID: Int)
  }

  public init(items: [Item] = InventoryModel.sampleItems) {
    self.items = items
    nextID = (items.map { $0.id }.max() ?? 0) + 1
  }

  public static let sampleItems = [
    Item(id: 1, name: "Keyboard", color: .blue),
    Item(id: 2, name: "Charger", color: .yellow),
    Item(id: 3, name: "Phone", color: .green),
  ]

  /// The items the list shows: those whose name contains the filter (ASCII letters in any case).
  public var filteredItems: [Item] {
    query.isEmpty ? items : items.filter { ASCIIText.contains($0.name, query) }
  }

  /// The item with `id`, if it is still in the inventory.
  public func item(_ id: Int) -> Item? {
    items.first { $0.id == id }
  }

  // MARK: Actions

  public func addItemTapped() {
    destination = .addItem(NewItem())
  }

  public func saveNewItem() {
    guard case .addItem(let draft) = destination else { return }
    let name = draft.name.isEmpty ? "New item" : draft.name
    items.append(Item(id: nextID, name: name, color: .blue))
    nextID += 1
    destination = nil
  }

  public func importInsteadTapped() {
    destination = .importItems
  }

  public func deleteTapped(_ item: Item) {
    destination = .deleteAlert(
      AlertState {
        TextState("Delete \(item.name)?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDelete(itemID: item.id)) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      })
  }

  public func alertButtonTapped(_ action: AlertAction?) {
    guard case .confirmDelete(let id)? = action else { return }
    items.removeAll { $0.id == id }
  }

  public func duplicateTapped(_ item: Item) {
    destination = .duplicateDialog(
      ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Duplicate \(item.name)?")
      } actions: {
        ButtonState(action: .confirmDuplicate(itemID: item.id)) { TextState("Duplicate") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      })
  }

  public func duplicateButtonTapped(_ action: DuplicateAction?) {
    guard case .confirmDuplicate(let id)? = action, let item = item(id) else { return }
    items.append(Item(id: nextID, name: item.name + " copy", color: item.color))
    nextID += 1
  }

  public func colorPicked(_ color: ItemColor, for id: Int) {
    guard let index = items.firstIndex(where: { $0.id == id }) else { return }
    items[index].color = color
    path.removeLast()
  }

  // MARK: URLs

  /// The inventory's URLs, declared once: the stack's pages, the "Add item" sheet as `/new`, and
  /// the filter as `?q=`. A page of an item that is not there is a 404; any other open dialog
  /// closes when the URL changes.
  ///
  /// ```swift
  /// model.routes.url                       // "/items/1/edit?q=key"
  /// model.routes.navigate(to: "/items/2")  // .success
  /// ```
  public var routes: AppRoutes {
    AppRoutes(
      path: $path, pages: Route.routes,
      presentations: [
        // The "Add item" sheet has a URL of its own, /new: a deep link or a reload (after a
        // server restart, say) opens it again, and a draft already being written is kept.
        PresentationRoute(
          "new",
          present: { [self] _ in
            if case .addItem? = destination {} else { destination = .addItem(NewItem()) }
            return true
          },
          print: { [self] in if case .addItem? = destination { [] } else { nil } },
          dismiss: { [self] in destination = nil })
      ],
      query: [QueryParameter("q", $query, on: .everywhere)],
      refuse: { [self] path in
        guard let first = path.elements.first?.value(as: Route.self), case .item(let id) = first, item(id) == nil
        else { return nil }
        return "there is no item \(id)"
      },
      willNavigate: { [self] in if destination != nil { destination = nil } })
  }

  /// The URL of the current state.
  public var url: String { routes.url }

  /// Brings the state to `url`; `false`, and nothing changes, for a URL the app does not have.
  @discardableResult
  public func navigate(to url: String) -> Bool {
    if case .success = routes.navigate(to: url) { return true }
    return false
  }
}

/// The destination's cases as bindings, one declaration each: `model.$destination.addItem`.
extension UIBinding where Value == InventoryModel.Destination? {
  public var addItem: UIBinding<InventoryModel.NewItem?> {
    self.case("addItem", InventoryModel.Destination.addItem) { if case .addItem(let draft) = $0 { draft } else { nil } }
  }
  // The extract form, not `self.case("importItems", Destination.importItems)`: that one compares with the
  // enum's synthesized ==, which brings String comparison (Unicode normalization) into the
  // WebAssembly module (about 12 KB of code) for no behaviour the demo needs.
  public var importItems: UIBinding<Void?> {
    self.case("importItems", { (_: Void) in InventoryModel.Destination.importItems }) { if case .importItems = $0 { () } else { nil } }
  }
  public var deleteAlert: UIBinding<AlertState<InventoryModel.AlertAction>?> {
    self.case("deleteAlert", InventoryModel.Destination.deleteAlert) { if case .deleteAlert(let state) = $0 { state } else { nil } }
  }
  public var duplicateDialog: UIBinding<ConfirmationDialogState<InventoryModel.DuplicateAction>?> {
    self.case("duplicateDialog", InventoryModel.Destination.duplicateDialog) {
      if case .duplicateDialog(let state) = $0 { state } else { nil }
    }
  }
}
