import NavigationCore
import VirtualDOM

/// An inventory app used by the navigation tests: a stack of pages, an enum destination that
/// presents a sheet, an alert or a confirmation dialog, and counters for dismissals.
final class InventoryModel {
  @Observed var path = UINavigationPath()
  @Observed var destination: Destination?
  @Observed var items: [Item] = [Item(id: 1, name: "Hammer"), Item(id: 2, name: "Saw")]
  @Observed var log: [String] = []

  enum Destination {
    case edit(Item)
    case alert(AlertState<AlertAction>)
    case confirmation(ConfirmationDialogState<AlertAction>)
    case detail(Item)
  }

  enum AlertAction: Equatable {
    case confirmDelete
    case duplicate
  }

  var dismissals: [String] = []
  var lastAction: AlertAction?

  static func deleteAlert(_ name: String) -> AlertState<AlertAction> {
    AlertState {
      TextState("Delete \(name)?")
    } actions: {
      ButtonState(role: .cancel) { TextState("Cancel") }
      ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
    } message: {
      TextState("This cannot be undone.")
    }
  }
}

extension UIBinding where Value == InventoryModel.Destination? {
  var edit: UIBinding<Item?> {
    named("destination").case(
      "edit", embed: InventoryModel.Destination.edit,
      extract: { if case .edit(let item) = $0 { item } else { nil } }
    ).identified(by: { "\($0.id)" })
  }
  var alert: UIBinding<AlertState<InventoryModel.AlertAction>?> {
    named("destination").case(
      "alert", embed: InventoryModel.Destination.alert,
      extract: { if case .alert(let state) = $0 { state } else { nil } })
  }
  var confirmation: UIBinding<ConfirmationDialogState<InventoryModel.AlertAction>?> {
    named("destination").case(
      "confirmation", embed: InventoryModel.Destination.confirmation,
      extract: { if case .confirmation(let state) = $0 { state } else { nil } })
  }
  var detail: UIBinding<Item?> {
    named("destination").case(
      "detail", embed: InventoryModel.Destination.detail,
      extract: { if case .detail(let item) = $0 { item } else { nil } })
  }
}

/// The inventory's view: a list with a sheet, an alert and a confirmation dialog.
func inventoryView(_ model: InventoryModel) -> Node {
  main {
    h1 { "Inventory" }
    ul {
      for item in model.items {
        li { item.name }
      }
    }
    p { button(.onClick { model.destination = .edit(model.items[0]) }) { "Edit" } }
    p { button(.onClick { model.destination = .alert(InventoryModel.deleteAlert(model.items[0].name)) }) { "Delete" } }
  }
  .sheet(item: model.$destination.edit, onDismiss: { model.dismissals.append("edit") }) { item in
    h2 { "Edit \(item.wrappedValue.name)" }
    p {
      label(.for("name")) { "Name" }
      input(.id("name"), .value(item.wrappedValue.name), .onInput { item.wrappedValue.name = $0 })
    }
    p {
      button(.onClick { model.destination = .alert(InventoryModel.deleteAlert(item.wrappedValue.name)) }) {
        "Delete item"
      }
    }
  }
  .alert(model.$destination.alert, onDismiss: { model.dismissals.append("alert") }) { action in
    model.lastAction = action
    if action == .confirmDelete { model.items.removeFirst() }
  }
  .confirmationDialog(model.$destination.confirmation, onDismiss: { model.dismissals.append("confirmation") }) {
    action in model.lastAction = action
  }
}

/// Captures navigation warnings for the duration of `body`.
func capturingWarnings(_ body: () throws -> Void) rethrows -> [String] {
  var warnings: [String] = []
  NavigationWarnings.handler = { warnings.append($0) }
  defer { NavigationWarnings.handler = NavigationWarnings.printing }
  try body()
  return warnings
}

extension Result {
  /// The error of a failed result, for `#expect(result.error == …)`.
  var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
