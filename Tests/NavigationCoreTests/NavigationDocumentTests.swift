import Foundation
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

extension NavigationCoreTests {
  /// Keeps docs/NAVIGATION.md true: every complete HTML example in it (one without `…`) must be
  /// markup the library renders for the scenarios the document describes.
  @Suite struct NavigationDocumentTests {
    @Test func everyCompleteHTMLExampleInTheDocumentIsRenderedMarkup() throws {
      let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/NAVIGATION.md")
      let text = try String(contentsOf: document, encoding: .utf8)
      var examples: [String] = []
      for block in text.components(separatedBy: "```html\n").dropFirst() {
        let body = block.components(separatedBy: "```")[0]
        if !body.contains("…") { examples.append(body) }
      }
      #expect(examples.count >= 3)

      let alert = InventoryModel()
      alert.destination = .alert(InventoryModel.deleteAlert("Hammer"))
      let confirmation = InventoryModel()
      confirmation.destination = .confirmation(
        ConfirmationDialogState(titleVisibility: .hidden) {
          TextState("Item actions")
        } actions: {
          ButtonState(action: .duplicate) { TextState("Duplicate") }
        })
      let stack = StackModel()
      stack.path = UINavigationPath([ItemPage(id: 1)])
      let rendered = [
        PageDriver(model: alert, view: inventoryView).html,
        PageDriver(model: confirmation, view: inventoryView).html,
        PageDriver(model: stack, view: stackView).html,
      ].joined(separator: "\n")
      for example in examples {
        #expect(rendered.contains(example), "docs/NAVIGATION.md example not rendered:\n\(example)")
      }
    }
  }
}
