import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// README.md's navigation example, verbatim but for the enclosing namespace, so the README
/// keeps doing what it says (Tests/snippets/check-snippets.py checks that it compiles as written).
enum ReadmeExample {
  final class InventoryModel {
    @Observed var items = ["Keyboard", "Charger"]
    @Observed var destination: Destination?
    @Observed var path = UINavigationPath()

    enum Destination {
      case addItem(String)
      case deleteAlert(AlertState<AlertAction>)
    }
    enum AlertAction { case confirmDelete(String) }

    func deleteTapped(_ name: String) {
      destination = .deleteAlert(AlertState {
        TextState("Delete \(name)?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDelete(name)) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      })
    }
  }

  static func inventoryView(_ model: InventoryModel) -> Node {
    let destination = model.$destination
    return NavigationStack(path: model.$path) {
      div {
        h1 { "Inventory" }
        ul {
          for name in model.items {
            li(.key(name)) {
              NavigationLink(value: name) { name }                 // pushes a page
              button(.onClick { model.deleteTapped(name) }) { "Delete" }
            }
          }
        }
      }
      .navigationDestination(for: String.self) { name in h1 { name } }
    }
    .sheet(item: destination.addItem) { draft in
      h2 { "New item" }
    }
    .alert(destination.deleteAlert) { action in
      if case .confirmDelete(let name)? = action { model.items.removeAll { $0 == name } }
    }
  }
}

// Each case, declared once next to the enum; use sites read `model.$destination.addItem`.
extension UIBinding where Value == ReadmeExample.InventoryModel.Destination? {
  var addItem: UIBinding<String?> {
    self.case("addItem", ReadmeExample.InventoryModel.Destination.addItem) { if case .addItem(let draft) = $0 { draft } else { nil } }
  }
  var deleteAlert: UIBinding<AlertState<ReadmeExample.InventoryModel.AlertAction>?> {
    self.case("deleteAlert", ReadmeExample.InventoryModel.Destination.deleteAlert) { if case .deleteAlert(let alert) = $0 { alert } else { nil } }
  }
}

@Suite struct ReadmeExampleTests {
  @Test func theReadmeExampleDeletesAfterAskingAndPushesPages() throws {
    let model = ReadmeExample.InventoryModel()
    let driver = PageDriver(model: model) { ReadmeExample.inventoryView($0) }
    model.deleteTapped("Keyboard")
    driver.settle()
    #expect(driver.html.contains("Delete Keyboard?"))
    try driver.press("Delete")
    #expect(model.items == ["Charger"])
    try driver.press("Charger")
    #expect(model.path.count == 1)
    try driver.goBack()
    #expect(model.path.isEmpty)
  }
}
