import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// Path values for the stack tests.
struct ItemPage: Hashable, Codable {
  var id: Int
}
struct SettingsPage: Hashable, Codable {}
struct Unregistered: Hashable {}

final class StackModel {
  @Observed var path = UINavigationPath()
  @Observed var editing: Int?
  var dismissals: [String] = []
  var running: Set<Int> = []
}

func stackView(_ model: StackModel) -> Node {
  NavigationStack(path: model.$path) {
    main {
      h1 { "Inventory" }
      p { NavigationLink(value: ItemPage(id: 1)) { "Hammer" } }
    }
    .navigationDestination(for: ItemPage.self) { page in
      h1 { "Item \(page.id)" }
      p { NavigationLink(value: ItemPage(id: page.id + 1)) { "Next" } }
      onPresent(perform: { model.running.insert(page.id) }, cancel: { model.running.remove(page.id) })
      // Only the page whose id is being edited presents the editor.
      let editing = model.$editing.member(get: { $0 == page.id ? $0 : nil }, set: { $0 = $1 })
      div {}.sheet(item: editing, onDismiss: { model.dismissals.append("editing \(page.id)") }) { _ in
        h2 { "Editing" }
      }
    }
  }
}

extension NavigationCoreTests {
  @Suite struct StackTests {
    @Test func theRootRendersAsTheOnlyVisibleSection() {
      let driver = PageDriver(model: StackModel(), view: stackView)
      #expect(driver.html == """
        <div class="navigation-stack">
          <section class="navigation-page navigation-root" data-depth="0">
            <main>
              <h1>Inventory</h1>
              <p><button type="button" class="navigation-link">Hammer</button></p>
            </main>
          </section>
        </div>

        """)
    }

    @Test func pressingALinkPushesAPageAndHidesTheRoot() throws {
      let model = StackModel()
      let driver = PageDriver(model: model, view: stackView)
      try driver.press("Hammer")
      #expect(model.path == UINavigationPath([ItemPage(id: 1)]))
      #expect(driver.lastPatches.map(\.operation) == ["setAttr", "insert"])
      #expect(driver.html == """
        <div class="navigation-stack">
          <section class="navigation-page navigation-root" data-depth="0" hidden="">
            <main>
              <h1>Inventory</h1>
              <p><button type="button" class="navigation-link">Hammer</button></p>
            </main>
          </section>
          <section id="stack-page-1" class="navigation-page" aria-labelledby="stack-page-1-title" data-depth="1">
            <div class="navigation-bar"><button type="button" class="navigation-back">Back</button></div>
            <h1 id="stack-page-1-title">Item 1</h1>
            <p><button type="button" class="navigation-link">Next</button></p>
            <div></div>
          </section>
        </div>

        """)
    }

    @Test func appendingTheSameValueTwicePushesTwoPages() {
      let model = StackModel()
      let driver = PageDriver(model: model, view: stackView)
      model.path.append(ItemPage(id: 1))
      driver.settle()
      model.path.append(ItemPage(id: 1))
      driver.settle()
      #expect(driver.lastPatches.map(\.operation) == ["setAttr", "insert"])
      #expect(driver.html.components(separatedBy: "<h1 id=").count == 3)
      #expect(driver.html.contains(#"<section id="stack-page-2" class="navigation-page" aria-labelledby="stack-page-2-title" data-depth="2">"#))
    }

    @Test func goingBackPopsTheTopPageAndShowsTheOneBelow() throws {
      let model = StackModel()
      model.path = UINavigationPath([ItemPage(id: 1), ItemPage(id: 2)])
      let driver = PageDriver(model: model, view: stackView)
      try driver.goBack()
      #expect(model.path == UINavigationPath([ItemPage(id: 1)]))
      #expect(driver.lastPatches.map(\.operation) == ["removeAttr", "remove"])
      #expect(model.running == [1])
    }

    @Test func poppingSeveralPagesAtOnceClearsAllTheirState() throws {
      let model = StackModel()
      model.path = UINavigationPath([ItemPage(id: 1), ItemPage(id: 2), ItemPage(id: 3)])
      model.editing = 3
      let driver = PageDriver(model: model, view: stackView)
      #expect(model.running == [1, 2, 3])
      // The back button of page 1 (hidden now; a late event or the browser's history) pops all.
      let firstPageBack = try driver.id(ofTag: "button", text: "Back")
      model.dismissals.removeAll()
      try driver.send(id: firstPageBack, event: "click")
      #expect(model.path.isEmpty)
      #expect(model.running.isEmpty)
      #expect(model.dismissals == ["editing 3"])
      // Three pages, and page 3's sheet from the top layer.
      #expect(driver.lastPatches.map(\.operation) == ["removeAttr", "remove", "remove", "remove", "remove"])
    }

    @Test func aChangeOtherThanAppendOrTrailingRemovalReplacesThePages() {
      let model = StackModel()
      model.path = UINavigationPath([ItemPage(id: 1), ItemPage(id: 2)])
      let driver = PageDriver(model: model, view: stackView)
      model.path = UINavigationPath([ItemPage(id: 7), ItemPage(id: 2)])
      driver.settle()
      #expect(driver.lastPatches.map(\.operation) == ["remove", "remove", "insert", "insert"])
      #expect(driver.html.contains("Item 7"))
      #expect(model.running == [7, 2])
    }

    @Test func anUnregisteredTypeIsReportedAndLeftOut() {
      let model = StackModel()
      model.path = UINavigationPath([ItemPage(id: 1)])
      model.path.append(Unregistered())
      var driver: PageDriver?
      let warnings = capturingWarnings {
        driver = PageDriver(model: model, view: stackView)
      }
      #expect(warnings == ["no navigationDestination(for:) handles Unregistered at path index 1; the page was left out"])
      #expect(driver!.html.contains(#"data-depth="1">"#))
      #expect(!driver!.html.contains(#"data-depth="2""#))
    }

    @Test func theLastRegistrationForATypeWins() throws {
      @UIBinding var path = UINavigationPath([SettingsPage()])
      let html = try renderHTML(
        NavigationStack(path: $path) {
          div { h1 { "Home" } }
            .navigationDestination(for: SettingsPage.self) { _ in h1 { "First" } }
            .navigationDestination(for: SettingsPage.self) { _ in h1 { "Second" } }
        })
      #expect(html.contains("Second"))
      #expect(!html.contains("First"))
    }

    @Test func pushFromAViewBelowTheStackUsesTheStackFoundAtRender() throws {
      let model = StackModel()
      func row(_ id: Int) -> Node {
        li { button(.onClick(push(value: ItemPage(id: id)))) { "Item \(id)" } }
      }
      let driver = PageDriver(model: model) { model in
        NavigationStack(path: model.$path) {
          ul { row(4) }
            .navigationDestination(for: ItemPage.self) { page in h1 { "Page \(page.id)" } }
        }
      }
      try driver.press("Item 4")
      #expect(model.path == UINavigationPath([ItemPage(id: 4)]))
      #expect(driver.html.contains("Page 4"))
    }

    @Test func pushOutsideAStackWarnsAndChangesNothing() throws {
      let driver = PageDriver { div { button(.onClick(push(value: ItemPage(id: 1)))) { "Open" } } }
      let warnings = try capturingWarnings { try driver.press("Open") }
      #expect(warnings == ["push(value:) with ItemPage outside a NavigationStack; nothing was pushed"])
      #expect(driver.lastPatches.isEmpty)
    }

    @Test func pushOfATypeWithoutDestinationWarnsAndChangesNothing() throws {
      let model = StackModel()
      let driver = PageDriver(model: model) { model in
        NavigationStack(path: model.$path) {
          div { NavigationLink(value: SettingsPage()) { "Settings" } }
            .navigationDestination(for: ItemPage.self) { page in h1 { "Page \(page.id)" } }
        }
      }
      let warnings = try capturingWarnings { try driver.press("Settings") }
      #expect(warnings == ["push(value:) with SettingsPage, which no navigationDestination(for:) of the stack handles; nothing was pushed"])
      #expect(model.path.isEmpty)
    }

    @Test func aDestinationRegisteredOutsideAStackIsReported() {
      let warnings = capturingWarnings {
        _ = div {}.navigationDestination(for: ItemPage.self) { _ in h1 { "Never" } }
      }
      #expect(warnings == ["navigationDestination(for: ItemPage) is outside a NavigationStack; it has no effect"])
    }

    @Test func anItemDestinationInsideAStackGoesOnTopAndBackNilsIt() throws {
      final class Model {
        @Observed var path = UINavigationPath([ItemPage(id: 1)])
        @Observed var settings: SettingsPage?
      }
      let model = Model()
      model.settings = SettingsPage()
      let driver = PageDriver(model: model) { model in
        NavigationStack(path: model.$path) {
          div { h1 { "Home" } }
            .navigationDestination(for: ItemPage.self) { page in h1 { "Page \(page.id)" } }
            .navigationDestination(item: model.$settings.named("settings")) { _ in h1 { "Settings" } }
        }
      }
      #expect(driver.html.contains(#"<section id="settings" class="navigation-page" aria-labelledby="settings-title" data-depth="2">"#))
      #expect(driver.html.contains(#"<section id="stack-page-1" class="navigation-page" aria-labelledby="stack-page-1-title" data-depth="1" hidden="">"#))
      try driver.goBack()
      #expect(model.settings == nil)
      #expect(model.path.count == 1)
    }

    @Test func goBackFailsClearlyWithoutAPushedPage() {
      let driver = PageDriver(model: StackModel(), view: stackView)
      #expect(throws: PageDriverError("goBack(): no page is pushed, so there is no Back button")) {
        try driver.goBack()
      }
    }
  }
}
