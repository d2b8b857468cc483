import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

extension NavigationCoreTests {
  @Suite struct TestDriverTests {
    @Test func pressingAMissingButtonListsTheVisibleOnes() {
      let driver = PageDriver(model: InventoryModel(), view: inventoryView)
      #expect(throws: PageDriverError(#"no visible button or link labelled "Remove" (visible: "Edit", "Delete")"#)) {
        try driver.press("Remove")
      }
    }

    @Test func pressingAnAmbiguousLabelFails() {
      let driver = PageDriver { div { button(.onClick {}) { "Go" }; button(.onClick {}) { "Go" } } }
      #expect(throws: PageDriverError(#"2 visible buttons or links are labelled "Go"; make the label unique"#)) {
        try driver.press("Go")
      }
    }

    @Test func anOpenDialogIsModalSoTheButtonsBehindItCannotBePressed() {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      #expect(throws: PageDriverError(#"no visible button or link labelled "Edit" (visible: "Delete item")"#)) {
        try driver.press("Edit")
      }
    }

    @Test func pressEscapeWithoutADialogFails() {
      let driver = PageDriver(model: InventoryModel(), view: inventoryView)
      #expect(throws: PageDriverError("pressEscape(): no dialog is open")) { try driver.pressEscape() }
    }

    @Test func typingFindsFieldsByLabelAriaLabelOrPlaceholder() throws {
      @UIBinding var name = ""
      @UIBinding var search = ""
      let driver = PageDriver {
        div {
          label { "Name"; input(.value(name), .onInput { name = $0 }) }
          input(.attribute("placeholder", "Search"), .onInput { search = $0 })
        }
      }
      try driver.type("Key", into: "Name")
      try driver.type("saw", into: "Search")
      #expect(name == "Key")
      #expect(search == "saw")
      #expect(throws: PageDriverError(#"no visible field labelled "Email""#)) {
        try driver.type("x", into: "Email")
      }
    }

    @Test func aFormButtonWithoutAHandlerSubmitsTheForm() throws {
      var submitted = 0
      let driver = PageDriver {
        form(.onSubmit { submitted += 1 }) { button { "Save" } }
      }
      try driver.press("Save")
      #expect(submitted == 1)
    }

    @Test func aFullFlowReadsLikeWhatAPersonDoes() throws {
      let model = InventoryModel()
      let driver = PageDriver(model: model, view: inventoryView)
      try driver.press("Edit")
      try driver.type("Mallet", into: "Name")
      try driver.press("Delete item")
      try driver.press("Cancel")
      #expect(model.destination == nil)
      #expect(model.dismissals == ["edit", "alert"])
      #expect(model.items.count == 2)
      #expect(driver.lastChangeDescription.count == 1)
      #expect(driver.lastChangeDescription[0].hasPrefix(#"remove #"#))
    }
  }
}
