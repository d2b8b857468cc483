import DemoApp
import NavigationCore
import NavigationTesting
import Testing

/// Every flow of the demo, driven as a person would, with a snapshot of each state and the
/// exact DOM changes each step makes.
@Suite struct InventoryFlowTests {
  func makeDriver(url: String = "/") -> (PageDriver, InventoryModel) {
    let model = InventoryModel()
    model.navigate(to: url)
    return (PageDriver(model: model) { inventoryView($0) }, model)
  }

  @Test func rootPageListsTheItems() {
    let (driver, _) = makeDriver()
    assertSnapshot(of: driver.runtime, named: "root")
  }

  @Test func addItemOpensTheNewItemSheetAndSaveAddsTheRow() throws {
    let (driver, model) = makeDriver()
    let opened = try driver.domChanges { try driver.press("Add item") }
    #expect(opened.count == 2)
    #expect(opened[0].hasPrefix(#"inserted <dialog id="addItem" class="navigation-sheet""#))
    #expect(opened[1] == #"called showModal() on <dialog id="addItem" class="navigation-sheet" aria-labelledby="addItem-title" open="">"#)
    assertSnapshot(of: driver.runtime, named: "new-item-sheet")

    try driver.type("Mouse", into: "Name")
    let saved = try driver.domChanges { try driver.press("Save") }
    #expect(saved.contains { $0.hasPrefix(#"removed <dialog id="addItem""#) })
    #expect(saved.contains { $0.hasPrefix(#"inserted <li class="item"> "Mouse Blue"#) })
    #expect(model.items.map(\.name) == ["Keyboard", "Charger", "Phone", "Mouse"])
    #expect(model.destination == nil)
  }

  @Test func cancelAndEscapeCloseTheSheetAndAddNothing() throws {
    let (driver, model) = makeDriver()
    try driver.press("Add item")
    try driver.press("Cancel")
    #expect(model.destination == nil)
    try driver.press("Add item")
    try driver.type("Ghost", into: "Name")
    let closed = try driver.domChanges { try driver.pressEscape() }
    #expect(closed.count == 1)
    #expect(closed[0].hasPrefix(#"removed <dialog id="addItem""#))
    #expect(model.items.count == 3)
  }

  @Test func importInsteadSwitchesDialogsInOneChange() throws {
    let (driver, model) = makeDriver()
    try driver.press("Add item")
    let switched = try driver.domChanges { try driver.press("Import instead") }
    // Both dialogs sit in the top layer: one goes, the other comes, in one batch.
    #expect(switched.count == 3)
    #expect(switched[0].hasPrefix(#"removed <dialog id="addItem""#))
    #expect(switched[1].hasPrefix(#"inserted <dialog id="importItems""#))
    guard case .importItems? = model.destination else {
      Issue.record("the destination is not importItems")
      return
    }
    #expect(driver.html.components(separatedBy: "<dialog").count == 2)  // only one dialog
    assertSnapshot(of: driver.runtime, named: "import-items-sheet")
  }

  @Test func deleteAsksFirstThenRemovesTheRow() throws {
    let (driver, model) = makeDriver()
    let asked = try driver.domChanges { try driver.press("Delete Keyboard") }
    #expect(asked[0].hasPrefix(#"inserted <dialog id="deleteAlert" class="navigation-alert" role="alertdialog""#))
    #expect(asked[0].contains(#""Delete Keyboard? This cannot be undone."#))
    assertSnapshot(of: driver.runtime, named: "delete-alert")
    let deleted = try driver.domChanges { try driver.press("Delete") }
    #expect(deleted.contains { $0.hasPrefix(#"removed <li class="item"> "Keyboard Blue"#) })
    #expect(deleted.contains { $0.hasPrefix(#"removed <dialog id="deleteAlert""#) })
    #expect(model.items.map(\.name) == ["Charger", "Phone"])
  }

  @Test func cancellingTheAlertKeepsTheRow() throws {
    let (driver, model) = makeDriver()
    try driver.press("Delete Keyboard")
    try driver.press("Cancel")
    #expect(model.items.count == 3)
    #expect(model.destination == nil)
  }

  @Test func duplicateAsksFirstThenAddsACopy() throws {
    let (driver, model) = makeDriver()
    try driver.press("Duplicate Keyboard")
    assertSnapshot(of: driver.runtime, named: "duplicate-dialog")
    let duplicated = try driver.domChanges { try driver.press("Duplicate") }
    #expect(duplicated.contains { $0.hasPrefix(#"inserted <li class="item"> "Keyboard copy Blue"#) })
    #expect(model.items.last?.name == "Keyboard copy")
  }

  @Test func itemPagesPushAndColorPickingPopsBack() throws {
    let (driver, model) = makeDriver()
    try driver.press("Keyboard")
    #expect(model.url == "/items/1")
    assertSnapshot(of: driver.runtime, named: "item-page")
    try driver.press("Edit")
    #expect(model.url == "/items/1/edit")
    assertSnapshot(of: driver.runtime, named: "edit-page")
    try driver.press("Color")
    #expect(model.url == "/items/1/edit/color")
    assertSnapshot(of: driver.runtime, named: "color-page")
    let picked = try driver.domChanges { try driver.press("Red") }
    #expect(picked.contains { $0.hasPrefix("removed <section") && $0.contains("Pick a color") })
    #expect(picked.contains(#"changed text "Blue" to "Red" in <span class="color-name">"#))
    #expect(model.url == "/items/1/edit")
    #expect(model.item(1)?.color == .red)
  }

  @Test func goingBackPopsOnePage() throws {
    let (driver, model) = makeDriver(url: "/items/1/edit")
    try driver.goBack()
    #expect(model.url == "/items/1")
    try driver.goBack()
    #expect(model.url == "/")
  }

  @Test func aDeepLinkThreeLevelsDownRendersInOnePass() {
    let (driver, model) = makeDriver(url: "/items/1/edit/color")
    #expect(model.url == "/items/1/edit/color")
    assertSnapshot(of: driver.runtime, named: "deep-link-color-page")
  }

  @Test func pickingAColorAfterADeepLinkTellsThePageToPopNotPush() throws {
    let session = try #require(inventorySession(url: "/items/1/edit/color"))
    let red = try PageDriver(runtime: session.runtime).id(ofTag: "button", text: "Red")
    let reply = try session.reply(to: "click", on: red).get()
    #expect([reply.navigation?.url, reply.navigation?.history.rawValue, reply.title] == ["/items/1/edit", "pop", "Edit Keyboard"])
    let edit = try PageDriver(runtime: session.runtime).id(ofTag: "a", text: "Color")
    let toColor = try session.reply(to: "click", on: edit).get()
    #expect([toColor.navigation?.url, toColor.navigation?.history.rawValue, toColor.title] == ["/items/1/edit/color", "push", "Pick a color for Keyboard"])
  }

  @Test func urlsRoundTripThroughTheModel() {
    for url in ["/", "/items/2", "/items/3/edit", "/items/1/edit/color"] {
      let model = InventoryModel()
      #expect(model.navigate(to: url))
      #expect(model.url == url)
    }
    let linked = InventoryModel()
    #expect(linked.navigate(to: "/items/2/edit?ref=mail"))  // the query is not part of the path
    #expect(linked.url == "/items/2/edit")
    let model = InventoryModel()
    #expect(!model.navigate(to: "/items/99"))
    #expect(!model.navigate(to: "/elsewhere"))
    #expect(model.url == "/")
  }
}
