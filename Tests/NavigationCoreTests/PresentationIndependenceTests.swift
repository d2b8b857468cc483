import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// Presentations are independent of each other: a drill-down inside a stack stacks in order,
/// two unnamed presentations of one kind keep their own identity, and an unwrapped binding
/// remembers what was written through it.
extension NavigationCoreTests {
  @Suite struct PresentationIndependenceTests {
    final class DrillDownModel {
      @Observed var path = UINavigationPath()
      @Observed var level1: Int?
      @Observed var level2: Int?
    }

    func drillDownView(_ model: DrillDownModel) -> Node {
      NavigationStack(path: model.$path) {
        main { h1 { "Root" } }
          .navigationDestination(item: model.$level1.named("level1")) { _ in
            div { h1 { "Level 1" } }
              .navigationDestination(item: model.$level2.named("level2")) { _ in h1 { "Level 2" } }
          }
      }
    }

    /// The visible page's heading and each page's depth, in document order.
    func pages(_ runtime: NavigationRuntime) throws -> (visible: String?, depths: [String]) {
      let html = try runtime.renderHTML()
      var depths: [String] = []
      var visible: String?
      for section in html.components(separatedBy: "<section").dropFirst() {
        let heading = section.components(separatedBy: "<h1")[1].components(separatedBy: ">")[1]
          .components(separatedBy: "<")[0]
        let depth = section.components(separatedBy: "data-depth=\"")[1].components(separatedBy: "\"")[0]
        depths.append(heading + "@" + depth)
        if !section.components(separatedBy: ">")[0].contains("hidden") { visible = heading }
      }
      return (visible, depths)
    }

    @Test func aDrillDownInsideAStackPutsTheDeepestPageOnTop() throws {
      let model = DrillDownModel()
      model.level1 = 1
      model.level2 = 2
      let driver = PageDriver(model: model) { drillDownView($0) }
      let deep = try pages(driver.runtime)
      #expect(deep.depths == ["Root@0", "Level 1@1", "Level 2@2"])
      #expect(deep.visible == "Level 2")

      try driver.goBack()  // Back on the visible page pops one level
      #expect(model.level2 == nil)
      #expect(model.level1 == 1)
      #expect(try pages(driver.runtime).visible == "Level 1")

      model.level2 = 3  // pushing level 2 again, interactively, puts it on top
      driver.settle()
      #expect(try pages(driver.runtime).visible == "Level 2")
    }

    final class TwoSheetsModel {
      @Observed var a: Int?
      @Observed var b: Int?
      var log: [String] = []
    }

    func twoSheetsView(_ model: TwoSheetsModel) -> Node {
      main { h1 { "Sheets" } }
        .sheet(item: model.$a, onDismiss: { model.log.append("dismiss a") }) { _ in
          h2 { "A" }
          onPresent(perform: { model.log.append("start a") }, cancel: { model.log.append("stop a") })
        }
        .sheet(item: model.$b, onDismiss: { model.log.append("dismiss b") }) { _ in
          h2 { "B" }
          onPresent(perform: { model.log.append("start b") }, cancel: { model.log.append("stop b") })
        }
    }

    @Test func goingFromOneUnnamedSheetToAnotherDismissesTheFirstAndPresentsTheSecond() throws {
      let model = TwoSheetsModel()
      model.a = 1
      let driver = PageDriver(model: model) { twoSheetsView($0) }
      let aID = try driver.id(ofTag: "dialog")
      model.log.removeAll()

      model.a = nil
      model.b = 1
      driver.settle()
      #expect(model.log.contains("dismiss a"))
      #expect(model.log.contains("stop a"))
      #expect(model.log.contains("start b"))
      #expect(!model.log.contains("dismiss b"))
      // A's dialog goes (removed, or replaced by B's in its place), never patched into B's.
      #expect(driver.lastPatches.contains {
        switch $0 {
        case .remove(aID), .replace(aID, _, _): true
        default: false
        }
      })

      // A late cancel from A's dialog changes nothing: B stays.
      #expect(driver.runtime.dispatch(id: aID, event: "cancel").error != nil)
      #expect(model.b == 1)
    }

    @Test func withBothSheetsShownDismissingTheFirstRunsOnlyItsOnDismiss() throws {
      let model = TwoSheetsModel()
      model.a = 1
      model.b = 1
      let driver = PageDriver(model: model) { twoSheetsView($0) }
      model.log.removeAll()
      model.a = nil
      driver.settle()
      #expect(model.log == ["dismiss a", "stop a"] || model.log == ["stop a", "dismiss a"])
    }

    @Test func dismissingADialogLeavesTheDialogAfterItUntouched() throws {
      let model = TwoSheetsModel()
      model.a = 1
      model.b = 1
      let driver = PageDriver(model: model) { model in
        main { h1 { "Sheets" } }
          .sheet(item: model.$a.named("a")) { _ in h2 { "A" } }
          .sheet(item: model.$b.named("b")) { _ in h2 { "B" } }
      }
      let aID = try driver.id(ofTag: "dialog", text: "A")
      let bID = try driver.id(ofTag: "dialog", text: "B")
      model.a = nil
      driver.settle()
      // Keys decide, not positions: A's dialog goes, B's keeps its node (no second showModal).
      #expect(driver.lastPatches.map(\.operation) == ["remove"])
      #expect(driver.lastPatches.contains { if case .remove(aID) = $0 { true } else { false } })
      #expect(try driver.id(ofTag: "dialog", text: "B") == bID)
    }

    @Test func aSheetPresentedFromAListItemRendersOutsideTheList() throws {
      final class Model { @Observed var editing: Int? = 2 }
      let driver = PageDriver(model: Model()) { model in
        main {
          h1 { "Rows" }
          ul {
            for row in 1...3 {
              li(.key("\(row)")) { "Row \(row)" }
                .sheet(item: model.$editing.member(get: { $0 == row ? $0 : nil }, set: { $0 = $1 })) { _ in
                  h2 { "Editing row \(row)" }
                }
            }
          }
        }
      }
      let html = try driver.runtime.renderHTML()
      let list = html.components(separatedBy: "<ul>")[1].components(separatedBy: "</ul>")[0]
      #expect(!list.contains("<dialog"))
      // The second row's sheet: the second presentation of its kind in the scope.
      #expect(html.hasSuffix("</main><dialog id=\"sheet-2\" class=\"navigation-sheet\" aria-labelledby=\"sheet-2-title\" open=\"\"><h2 id=\"sheet-2-title\">Editing row 2</h2></dialog>"))
    }

    @Test func anUnwrappedBindingKeepsTheLastValueWrittenThroughIt() throws {
      final class Model { @Observed var count: Int? = 42 }
      let model = Model()
      let unwrapped = try #require(UIBinding<Int>(model.$count))
      unwrapped.wrappedValue = 44
      model.count = nil
      #expect(unwrapped.wrappedValue == 44)
      unwrapped.wrappedValue = 45  // ignored once nil: a late write cannot re-present
      #expect(model.count == nil)
    }
  }
}
