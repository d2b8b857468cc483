import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

extension NavigationCoreTests {
  @Suite struct SwitchingTests {
    @Test func switchingFromSheetToAlertSwapsTheDialogsInOneBatch() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      try driver.press("Delete item")
      #expect(driver.lastChangeDescription == [
        #"remove #15 <dialog id="destination-edit-1" class="navigation-sheet" aria-labelledby="destination-edit-1-title" open=""> "Edit Hammer Name Delete item""#,
        #"insert #25 <dialog id="destination-alert" class="navigation-alert" role="alertdialog" aria-labelledby="destination-alert-title" aria-describedby="destination-alert-message" open=""> "Delete Hammer? This cannot be undone. D…" into #0 (container) at the end"#,
        #"call showModal() on #25 <dialog id="destination-alert" class="navigation-alert" role="alertdialog" aria-labelledby="destination-alert-title" aria-describedby="destination-alert-message" open=""> "Delete Hammer? This cannot be undone. D…""#,
      ])
      #expect(model.dismissals == ["edit"])
    }

    @Test func aLateEventFromTheOldDialogIsRejectedAsStaleAndChangesNothing() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      let sheet = try driver.id(ofTag: "dialog")
      try driver.press("Delete item")
      let before = driver.html
      // The browser's close event for the sheet it just removed arrives after the switch.
      for event in ["close", "cancel"] {
        #expect(driver.runtime.dispatch(id: sheet, event: event).error == (.staleNode(sheet)))
      }
      #expect(driver.html == before)
      if case .alert? = model.destination {} else { Issue.record("the alert was dismissed") }
      #expect(model.dismissals == ["edit"])
    }

    @Test func aLateEventArrivingBeforeTheSwitchIsRenderedDoesNotDismissTheNewDestination() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      let sheet = try driver.id(ofTag: "dialog")
      // A timer switches the destination; the old sheet's Escape is delivered before any flush.
      model.destination = .alert(InventoryModel.deleteAlert("Hammer"))
      try driver.send(id: sheet, event: "cancel")
      if case .alert? = model.destination {} else { Issue.record("the alert was dismissed") }
      #expect(driver.lastPatches.map(\.operation) == ["remove", "insert", "invoke"])
      #expect(model.dismissals == ["edit"])
      // And the alert's own Escape still works.
      try driver.pressEscape()
      #expect(model.destination == nil)
      #expect(model.dismissals == ["edit", "alert"])
    }

    @Test func switchingBetweenPageAndDialogHappensInOneBatchWithOneDismissal() throws {
      final class Model {
        @Observed var destination: InventoryModel.Destination?
        var dismissals = 0
      }
      let model = Model()
      model.destination = .edit(Item(id: 1, name: "Hammer"))
      let driver = PageDriver(model: model) { model in
        div { h1 { "Items" } }
          .sheet(item: model.$destination.edit, onDismiss: { model.dismissals += 1 }) { _ in h2 { "Edit" } }
          .navigationDestination(item: model.$destination.detail) { item in h1 { item.wrappedValue.name } }
      }
      model.destination = .detail(Item(id: 1, name: "Hammer"))
      driver.settle()
      #expect(driver.lastPatches.map(\.operation) == ["setAttr", "remove", "insert"])
      #expect(model.dismissals == 1)
      #expect(driver.html == """
        <div hidden="">
          <h1>Items</h1>
        </div>
        <section id="destination-detail" class="navigation-page" aria-labelledby="destination-detail-title" data-depth="1">
          <div class="navigation-bar"><button type="button" class="navigation-back">Back</button></div>
          <h1 id="destination-detail-title">Hammer</h1>
        </section>

        """)
      try driver.goBack()
      #expect(model.destination == nil)
    }

    @Test func manyRapidSwitchesCallEachOnDismissOnce() {
      let model = InventoryModel()
      let driver = PageDriver(model: model, view: inventoryView)
      model.destination = .edit(model.items[0])
      driver.settle()
      model.destination = .alert(InventoryModel.deleteAlert("Hammer"))
      model.destination = .edit(model.items[1])  // never rendered as an alert
      driver.settle()
      model.destination = .confirmation(ConfirmationDialogState { TextState("Actions") })
      driver.settle()
      model.destination = nil
      driver.settle()
      #expect(model.dismissals == ["edit", "edit", "confirmation"])
    }
  }
}
