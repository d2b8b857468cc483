import DemoApp
import NavigationCore
import Testing

/// The demo's one route declaration: sound, and every state's URL reads back as that state.
@Suite struct InventoryRoutesTests {
  @Test func theRoutesAreSound() {
    #expect(Route.routes.validate().isEmpty)
    #expect(InventoryModel().routes.validate().isEmpty)
  }

  @Test(arguments: ["/", "/?q=key", "/items/1", "/items/2/edit?q=cha", "/items/1/edit/color"])
  func everyURLRoundTrips(url: String) throws {
    let session = try startInventory(url: url).get()
    #expect(session.url == url)
  }

  @Test func anItemThatIsNotThereIsA404SayingSo() {
    guard case .failure(let error) = startInventory(url: "/items/9/edit") else {
      Issue.record("a session started at /items/9/edit")
      return
    }
    #expect(error.reason == "there is no item 9")
  }
}
