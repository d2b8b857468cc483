import DemoApp
import LiveSessions
import NavigationCore
import NavigationTesting
import StaticServe
import Testing
import VirtualDOM

/// The server writes the top-most page's title into `<title>` for every deep link, and an app's
/// own not-found page answers URLs it does not have, saying why in development.
@Suite struct TitleAndNotFoundTests {
  static let app: LiveApp = {
    var app = LiveApp(title: "Inventory") { url in startInventory(url: url) }
    app.notFound = { reason in fragment { h1 { "Page not found" }; if let reason { p { reason } } } }
    return app
  }()

  @Test func aDeepLinksPageCarriesItsTitle() {
    let live = LiveServer(app: Self.app)
    let page = LiveServerTests.text(LiveServerTests.get(live, "/items/1/edit"))
    #expect(page.contains("<title>Edit Keyboard</title>"))
    #expect(page.contains(#"data-navdom-title="Inventory""#))
    let root = LiveServerTests.text(LiveServerTests.get(live, "/?q=key"))
    #expect(root.contains("<title>Inventory</title>"))
  }

  @Test func anUnknownURLGetsTheAppsNotFoundPageWithTheReason() {
    let live = LiveServer(app: Self.app)
    let response = LiveServerTests.get(live, "/items/99")
    #expect(response?.status == .notFound)
    let page = LiveServerTests.text(response)
    #expect(page.contains("<h1>Page not found</h1>"))
    // Debug builds (the tests') say why.
    #expect(page.contains("there is no item 99"))
    #expect(LiveServerTests.text(LiveServerTests.get(live, "/itemz/1")).contains(#"<p>no route for "itemz" at /itemz/1; closest is "items/:id", whose segment "items" does not match "itemz"</p>"#))
    #expect(live.sessionCount == 0)
  }

  @Test func withoutANotFoundPageTheStaticFilesStillAnswer() {
    let live = LiveServer(app: LiveApp(title: "Inventory") { url in startInventory(url: url) })
    #expect(LiveServerTests.get(live, "/items/99") == nil)
  }

  @Test func renderSaysWhyNothingMatched() {
    #expect(
      Self.app.startSession("/items/1/edit/").failure?.reason
        == "/items/1/edit/ has an empty segment or a trailing /; URLs have neither (did you mean /items/1/edit?)")
  }

  @Test func filteringReplacesTheHistoryEntry() throws {
    let session = try startInventory(url: "/").get()
    let model = try #require(session.model(as: InventoryModel.self))
    let filter = try PageDriver(runtime: session.runtime).id(ofTag: "input", text: "")
    let reply = try session.reply(to: "input", on: filter, payload: EventPayload(value: "cha")).get()
    #expect([reply.navigation?.url, reply.navigation?.history.rawValue, reply.title] == ["/?q=cha", "replace", nil])
    #expect(model.filteredItems.map(\.name) == ["Charger"])
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
