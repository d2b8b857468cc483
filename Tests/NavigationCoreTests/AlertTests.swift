import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

extension NavigationCoreTests {
  @Suite struct AlertTests {
    @Test func alertRendersAnAlertDialogLabelledByItsTitleWithTheCancelButtonLast() {
      let model = InventoryModel()
      model.destination = .alert(InventoryModel.deleteAlert("Hammer"))
      let driver = PageDriver(model: model, view: inventoryView)
      #expect(driver.html.hasSuffix("""
        </main>
        <dialog id="destination-alert" class="navigation-alert" role="alertdialog" aria-labelledby="destination-alert-title" aria-describedby="destination-alert-message" open="">
          <h2 id="destination-alert-title">Delete Hammer?</h2>
          <p id="destination-alert-message">This cannot be undone.</p>
          <form method="dialog"><button class="navigation-button navigation-button-destructive" data-role="destructive">Delete</button><button class="navigation-button navigation-button-cancel" data-role="cancel" autofocus="">Cancel</button></form>
        </dialog>

        """))
    }

    @Test func aButtonRunsItsActionFirstThenNilsTheState() throws {
      let model = InventoryModel()
      let driver = PageDriver(model: model, view: inventoryView)
      try driver.press("Delete")
      #expect(driver.html.contains(#"role="alertdialog""#))
      let previous = model.items.count
      try driver.press("Delete")  // the alert's destructive button, the only one reachable now
      #expect(model.lastAction == .confirmDelete)
      #expect(model.items.count == previous - 1)
      #expect(model.destination == nil)
      #expect(model.dismissals == ["alert"])
    }

    @Test func theActionSeesTheAlertStillPresented() throws {
      @UIBinding var alert: AlertState<Int>? = AlertState {
        TextState("Sync?")
      } actions: {
        ButtonState(action: 1) { TextState("Sync") }
      }
      var presentedDuringAction: Bool?
      let driver = PageDriver {
        div { h1 { "Home" } }.alert($alert) { _ in presentedDuringAction = alert != nil }
      }
      try driver.press("Sync")
      #expect(presentedDuringAction == true)
      #expect(alert == nil)
    }

    @Test func anActionThatPresentsAnotherDestinationIsNotUndoneByTheDismissal() throws {
      @UIBinding var destination: InventoryModel.Destination? = .alert(
        AlertState { TextState("Edit instead?") } actions: {
          ButtonState(action: .duplicate) { TextState("Edit") }
        })
      let driver = PageDriver {
        div { h1 { "Home" } }
          .sheet(item: $destination.edit) { item in h2 { "Edit \(item.wrappedValue.name)" } }
          .alert($destination.alert) { _ in destination = .edit(Item(id: 9, name: "Level")) }
      }
      try driver.press("Edit")
      #expect(driver.html.contains(#"<h2 id="destination-edit-9-title">Edit Level</h2>"#))
      #expect(driver.lastPatches.map(\.operation) == ["remove", "insert", "invoke"])
    }

    @Test func anAlertWithoutButtonsGetsAnOKCancelButton() throws {
      @UIBinding var alert: AlertState<Never>? = AlertState { TextState("Saved") }
      let node = div {}.alert($alert)
      #expect(try renderHTML(node) == #"<div></div><dialog id="alert" class="navigation-alert" role="alertdialog" aria-labelledby="alert-title" open=""><h2 id="alert-title">Saved</h2><form method="dialog"><button class="navigation-button navigation-button-cancel" data-role="cancel" autofocus="">OK</button></form></dialog>"#)
    }

    @Test func theButtonsAnimationTransactionReachesThePatchBatch() throws {
      @UIBinding var alert: AlertState<Int>? = AlertState {
        TextState("Reset?")
      } actions: {
        ButtonState(action: .send(1, animated: false)) { TextState("Reset") }
      }
      let driver = PageDriver { div { h1 { "Home" } }.alert($alert) { _ in alert = nil } }
      try driver.press("Reset")
      #expect(driver.lastTransaction.disablesAnimations)
      #expect(driver.lastPatches.map(\.operation) == ["remove"])
    }

    @Test func styledTextBecomesEmphasisStrongAndCode() throws {
      @UIBinding var alert: AlertState<Never>? = AlertState {
        TextState("Delete ") + TextState("Hammer").strong() + TextState("?")
      } message: {
        TextState("Run ").emphasized() + TextState("undo").code()
      }
      let html = try renderHTML(div {}.alert($alert))
      #expect(html.contains(#"<h2 id="alert-title">Delete <strong>Hammer</strong>?</h2><p id="alert-message"><em>Run </em><code>undo</code></p>"#))
    }

    @Test func aConfirmationDialogWithAHiddenTitleIsNamedByAriaLabelAndGetsCancel() {
      let model = InventoryModel()
      model.destination = .confirmation(
        ConfirmationDialogState(titleVisibility: .hidden) {
          TextState("Item actions")
        } actions: {
          ButtonState(action: .duplicate) { TextState("Duplicate") }
        })
      let driver = PageDriver(model: model, view: inventoryView)
      #expect(driver.html.hasSuffix("""
        </main>
        <dialog id="destination-confirmation" class="navigation-confirmation-dialog" role="alertdialog" aria-label="Item actions" open="">
          <form method="dialog"><button class="navigation-button">Duplicate</button><button class="navigation-button navigation-button-cancel" data-role="cancel" autofocus="">Cancel</button></form>
        </dialog>

        """))
    }

    @Test func aConfirmationDialogWithAVisibleTitleShowsItAndRunsActions() throws {
      let model = InventoryModel()
      model.destination = .confirmation(
        ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Hammer")
        } actions: {
          ButtonState(role: .cancel) { TextState("Keep") }
          ButtonState(action: .duplicate) { TextState("Duplicate") }
        } message: {
          TextState("Choose an action")
        })
      let driver = PageDriver(model: model, view: inventoryView)
      #expect(driver.html.contains(#"aria-labelledby="destination-confirmation-title" aria-describedby="destination-confirmation-message""#))
      #expect(driver.html.contains(#"<button class="navigation-button">Duplicate</button><button class="navigation-button navigation-button-cancel" data-role="cancel" autofocus="">Keep</button>"#))
      try driver.press("Duplicate")
      #expect(model.lastAction == .duplicate)
      #expect(model.destination == nil)
      #expect(model.dismissals == ["confirmation"])
    }
  }
}
