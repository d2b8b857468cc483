import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

extension NavigationCoreTests {
  @Suite struct DialogTests {
    @Test func sheetRendersAnOpenLabelledModalDialogAfterItsPresenter() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      #expect(driver.html == """
        <main>
          <h1>Inventory</h1>
          <ul>
            <li>Hammer</li>
            <li>Saw</li>
          </ul>
          <p><button>Edit</button></p>
          <p><button>Delete</button></p>
        </main>
        <dialog id="destination-edit-1" class="navigation-sheet" aria-labelledby="destination-edit-1-title" open="">
          <h2 id="destination-edit-1-title">Edit Hammer</h2>
          <p><label for="name">Name</label><input id="name" value="Hammer"></p>
          <p><button>Delete item</button></p>
        </dialog>

        """)
    }

    @Test func presentingInsertsTheDialogAndOpensItWithShowModal() throws {
      let model = InventoryModel()
      let driver = PageDriver(model: model, view: inventoryView)
      try driver.press("Edit")
      #expect(model.destination.map { if case .edit = $0 { true } else { false } } == true)
      #expect(driver.lastPatches.count == 2)
      #expect(driver.lastPatches.map(\.operation) == ["insert", "invoke"])
      #expect(driver.lastChangeDescription.last?.hasPrefix("call showModal() on #") == true)
    }

    @Test func sheetWithoutHeadingIsLabelledByItsLabelOrReported() {
      @UIBinding var item: Item? = Item(id: 1, name: "Hammer")
      let labelled = div {}.sheet(item: $item, label: "Editor") { _ in p { "No heading" } }
      #expect(try! renderHTML(labelled) == #"<div></div><dialog id="sheet" class="navigation-sheet" aria-label="Editor" open=""><p>No heading</p></dialog>"#)
      let warnings = capturingWarnings {
        _ = div {}.sheet(item: $item) { _ in p { "No heading" } }
      }
      #expect(warnings == [#"the dialog "sheet" has no heading and no label; give its content a heading (h1-h6) or pass label:"#])
    }

    @Test func fullScreenCoverAndPopoverDifferOnlyInTheirClass() throws {
      @UIBinding var item: Int? = 3
      let cover = div {}.fullScreenCover(item: $item) { _ in h1 { "Welcome" } }
      let popover = div {}.popover(item: $item) { _ in h1 { "Filter" } }
      #expect(try renderHTML(cover) == #"<div></div><dialog id="fullScreenCover" class="navigation-full-screen-cover" aria-labelledby="fullScreenCover-title" open=""><h1 id="fullScreenCover-title">Welcome</h1></dialog>"#)
      #expect(try renderHTML(popover) == #"<div></div><dialog id="popover" class="navigation-popover" aria-labelledby="popover-title" open=""><h1 id="popover-title">Filter</h1></dialog>"#)
    }

    @Test func anExistingHeadingIdLabelsTheDialog() throws {
      @UIBinding var item: Int? = 3
      let node = div {}.sheet(item: $item) { _ in h2(.id("custom")) { "Edit" } }
      #expect(try renderHTML(node).contains(#"aria-labelledby="custom""#))
    }

    @Test func escapeNilsTheBindingAndCallsOnDismissOnce() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      try driver.pressEscape()
      #expect(model.destination == nil)
      #expect(model.dismissals == ["edit"])
      #expect(driver.lastPatches.map(\.operation) == ["remove"])
      #expect(!driver.html.contains("<dialog"))
    }

    @Test func theCloseEventOfAMethodDialogFormAlsoDismisses() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      try driver.send(id: try driver.id(ofTag: "dialog"), event: "close")
      #expect(model.destination == nil)
      #expect(model.dismissals == ["edit"])
    }

    @Test func settingTheStateToNilInCodeDismissesAndCallsOnDismissOnce() {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      model.destination = nil
      driver.settle()
      #expect(driver.lastPatches.map(\.operation) == ["remove"])
      driver.settle()
      #expect(model.dismissals == ["edit"])
    }

    @Test func aNewItemIdentityRepresentsTheDialogAndDismissesTheOldOne() {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      model.destination = .edit(model.items[1])
      driver.settle()
      #expect(driver.lastPatches.map(\.operation) == ["remove", "insert", "invoke"])
      #expect(driver.html.contains(#"<dialog id="destination-edit-2""#))
      #expect(model.dismissals == ["edit"])
    }

    @Test func editingTheItemInPlaceUpdatesTheDialogWithoutReplacingIt() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      try driver.type("Mallet", into: "Name")
      #expect(driver.lastChangeDescription == [
        #"text #17 "Edit Hammer" -> "Edit Mallet""#,
        #"set property value="Mallet" on #21 <input id="name">"#,
      ])
      #expect(model.dismissals.isEmpty)
    }

    @Test func aDismissalOfAnUnrelatedDestinationDoesNotNilTheBinding() throws {
      final class Model {
        @Observed var editing: Item?
        @Observed var help: Int?
      }
      let model = Model()
      model.editing = Item(id: 1, name: "Hammer")
      model.help = 1
      let driver = PageDriver(model: model) { model in
        div { h1 { "Items" } }
          .sheet(item: model.$editing.named("editing")) { _ in h2 { "Edit" } }
          .popover(item: model.$help.named("help")) { _ in h2 { "Help" } }
      }
      // The help popover is on top; dismissing it leaves the editor presented.
      try driver.pressEscape()
      #expect(model.help == nil)
      #expect(model.editing != nil)
      #expect(driver.html.contains(#"id="editing""#))
    }

    @Test func aLateCancelForAReplacedItemDoesNotDismissTheNewOne() throws {
      let model = InventoryModel()
      model.destination = .edit(model.items[0])
      let driver = PageDriver(model: model, view: inventoryView)
      let oldDialog = try driver.id(ofTag: "dialog")
      // The model moves on to another item; the browser's Escape for the old one arrives first.
      model.destination = .edit(model.items[1])
      try driver.send(id: oldDialog, event: "cancel")
      #expect(model.destination.map { if case .edit(let item) = $0 { item.id } else { 0 } } == 2)
      #expect(driver.html.contains(#"<dialog id="destination-edit-2""#))
    }

    @Test func dismissingAMiddlePresentationRemovesEverythingAboveIt() throws {
      final class Model {
        @Observed var editing: Item?
        @Observed var confirm: AlertState<Never>?
        var dismissals: [String] = []
      }
      let model = Model()
      model.editing = Item(id: 1, name: "Hammer")
      model.confirm = AlertState { TextState("Discard changes?") }
      let driver = PageDriver(model: model) { model in
        div { h1 { "Items" } }
          .sheet(item: model.$editing.named("editing"), onDismiss: { model.dismissals.append("editing") }) { _ in
            div { h2 { "Edit" } }
              .alert(model.$confirm.named("confirm"), onDismiss: { model.dismissals.append("confirm") })
          }
      }
      #expect(driver.html.contains(#"<dialog id="editing-confirm""#))
      // Escape reaches the editor, below the alert (e.g. a late event from the browser).
      #expect(driver.openDialogs.map(\.id) == ["editing", "editing-confirm"])
      let editor = try #require(driver.openDialogs.first)
      try driver.send(id: editor.nodeID, event: "cancel")
      #expect(model.editing == nil)
      #expect(model.confirm == nil)  // the alert went with its presenter: state follows
      #expect(!driver.html.contains("<dialog"))
      // Both dialogs sit in the top layer: the editor and the alert it presented go.
      #expect(driver.lastPatches.map(\.operation) == ["remove", "remove"])
      #expect(model.dismissals == ["confirm", "editing"])
    }

    @Test func workRegisteredByAPresentedChildIsCancelledOnDismissal() throws {
      final class Model {
        @Observed var editing: Item?
        @Observed var ticks = 0
        var seen: [Int] = []
      }
      let model = Model()
      model.editing = Item(id: 1, name: "Hammer")
      var token: ObserveToken?
      var starts = 0
      let driver = PageDriver(model: model) { model in
        div { h1 { "Items \(model.ticks)" } }
          .sheet(item: model.$editing) { _ in
            h2 { "Edit" }
            onPresent {
              starts += 1
              let started = observe { model.seen.append(model.ticks) }
              token = started
              return started
            }
          }
      }
      model.ticks = 1
      driver.settle()
      #expect(starts == 1)
      #expect(model.seen == [0, 1])
      try driver.pressEscape()
      #expect(token?.isCancelled == true)
      model.ticks = 2
      driver.settle()
      #expect(model.seen == [0, 1])
    }

    @Test func closureTasksStartOnceAndStopOnDismissal() throws {
      @UIBinding var item: Int? = 1
      var events: [String] = []
      let driver = PageDriver {
        div { h1 { "Root" } }
          .sheet(item: $item) { _ in
            h2 { "Timer" }
            onPresent(perform: { events.append("start") }, cancel: { events.append("stop") })
          }
      }
      #expect(events == ["start"])
      try driver.pressEscape()
      #expect(events == ["start", "stop"])
    }
  }
}
