import NavigationCore
import VirtualDOM

/// The whole inventory app: the list on the root page, the item pages pushed onto a stack, and
/// the dialogs presented from `model.destination`.
///
/// ```swift
/// let runtime = NavigationRuntime(model: InventoryModel()) { inventoryView($0) }
/// ```
public func inventoryView(_ model: InventoryModel) -> Node {
  let destination = model.$destination
  return NavigationStack(routes: model.routes) {
    // A div, not <main>: the stack puts its root page in a <section>, and a <main> may not sit
    // inside a <section> (the Nu HTML checker rejects it).
    div(.class("inventory")) {
      header(.class("page-header")) {
        h1 { "Inventory" }
        button(.type("button"), .class("primary"), .onClick { model.addItemTapped() }) { "Add item" }
      }
      div(.class("field filter")) {
        label(.for("item-filter")) { "Filter" }
        input(
          .id("item-filter"), .type("search"), .name("q"), .value(model.query),
          .onInput { model.query = $0 })
      }
      if model.items.isEmpty {
        p(.class("empty")) { "No items yet." }
      }
      ul(.class("items")) {
        for item in model.filteredItems {
          itemRow(item, model: model)
        }
      }
    }
    .navigationDestination(for: Route.self) { route in
      routePage(route, model: model)
    }
  }
  .sheet(item: destination.addItem) { draft in
    newItemForm(draft, model: model)
  }
  .sheet(item: destination.importItems) { _ in
    h2 { "Import items" }.navigationTitle("Import items")
    p { "Importing from a file is not available in this demo yet." }
    div(.class("actions")) {
      button(.type("button"), .onClick { model.destination = nil }) { "Cancel" }
    }
  }
  .alert(destination.deleteAlert) { action in
    model.alertButtonTapped(action)
  }
  .confirmationDialog(destination.duplicateDialog) { action in
    model.duplicateButtonTapped(action)
  }
}

/// A row of the list: the name opens the item's page; Delete and Duplicate ask first.
func itemRow(_ item: Item, model: InventoryModel) -> Node {
  li(.key("item-\(item.id)"), .class("item")) {
    span(.class("swatch color-\(item.color.rawValue)"), .aria("hidden", "true"))
    NavigationLink(value: Route.item(item.id)) { item.name }
    span(.class("color-name")) { item.color.name }
    div(.class("row-actions")) {
      // The accessible names say which row a button acts on; they start with the visible text.
      button(.type("button"), .aria("label", "Duplicate \(item.name)"), .onClick { model.duplicateTapped(item) }) {
        "Duplicate"
      }
      button(.type("button"), .class("destructive"), .aria("label", "Delete \(item.name)"), .onClick { model.deleteTapped(item) }) {
        "Delete"
      }
    }
  }
}

/// The "New item" sheet: a name field and Save, Cancel, "Import instead".
func newItemForm(_ draft: UIBinding<InventoryModel.NewItem>, model: InventoryModel) -> Node {
  fragment {
    h2 { "New item" }.navigationTitle("New item")
    div(.class("field")) {
      label(.for("new-item-name")) { "Name" }
      input(
        .id("new-item-name"), .type("text"), .name("name"), .autofocus(),
        .value(draft.wrappedValue.name), .onInput { draft.wrappedValue.name = $0 })
    }
    div(.class("actions")) {
      button(.type("button"), .class("primary"), .onClick { model.saveNewItem() }) { "Save" }
      button(.type("button"), .onClick { model.destination = nil }) { "Cancel" }
      button(.type("button"), .class("link"), .onClick { model.importInsteadTapped() }) { "Import instead" }
    }
  }
}

/// A pushed page: an item, its editor, or the color picker.
func routePage(_ route: Route, model: InventoryModel) -> Node {
  switch route {
  case .item(let id):
    guard let item = model.item(id) else { return missingItemPage() }
    return fragment {
      h1 { item.name }.navigationTitle(item.name)
      p(.class("detail")) { "Color: "; span(.class("color-name")) { item.color.name } }
      NavigationLink(value: Route.edit(id)) { "Edit" }
    }
  case .edit(let id):
    guard let item = model.item(id) else { return missingItemPage() }
    return fragment {
      h1 { "Edit \(item.name)" }.navigationTitle("Edit \(item.name)")
      p(.class("detail")) { "Color: "; span(.class("color-name")) { item.color.name } }
      NavigationLink(value: Route.color(id)) { "Color" }
    }
  case .color(let id):
    guard model.item(id) != nil else { return missingItemPage() }
    return fragment {
      h1 { "Pick a color" }.navigationTitle("Pick a color for \(model.item(id)?.name ?? "")")
      div(.class("color-choices")) {
        for color in ItemColor.allCases {
          button(.type("button"), .class("color-choice color-\(color.rawValue)"), .onClick { model.colorPicked(color, for: id) }) {
            color.name
          }
        }
      }
    }
  }
}

func missingItemPage() -> Node {
  fragment {
    h1 { "Item not found" }
    p { "It may have been deleted." }
  }
}
