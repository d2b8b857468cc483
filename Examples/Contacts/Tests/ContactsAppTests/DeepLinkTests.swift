import ContactsApp
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// URLs and navigation state, both ways: every URL the app has opens its state, and that state's
/// URL is the same URL; a URL the app does not have changes nothing.
@Suite struct DeepLinkTests {
  @Test(arguments: ["/", "/add", "/contacts/1", "/contacts/2", "/contacts/2/edit", "/contacts/3/edit"])
  func everyURLRoundTrips(url: String) throws {
    let session = try #require(contactsSession(url: url))
    #expect(session.url == url)
    #expect(session.pageURL == url)
  }

  @Test func deepLinksRenderTheirStateInTheFirstPaint() throws {
    let edit = try #require(contactsSession(url: "/contacts/2/edit"))
    assertSnapshot(of: edit.runtime, named: "contacts-2-edit")
    let add = try #require(contactsSession(url: "/add?from=bookmark"))
    #expect(add.url == "/add")
    #expect(try add.runtime.renderHTML().contains(#"<dialog id="addContact" class="navigation-sheet""#))
  }

  @Test(arguments: ["/contacts", "/contacts/0", "/contacts/-1", "/contacts/99", "/contacts/2/delete", "/contacts/x", "/adds", "/add/1", "/contacts/99999999999999999999"])
  func unknownURLsAreRefusedAndChangeNothing(url: String) {
    #expect(contactsSession(url: url) == nil)
    let model = ContactsModel()
    model.routes.navigate(to: "/contacts/1/edit")
    #expect((try? model.routes.navigate(to: url).get()) == nil)
    #expect(model.routes.url == "/contacts/1/edit")
  }

  @Test func actionsMoveTheURLAndTheBrowsersBackButtonMovesTheState() throws {
    let running = try #require(ContactsSession(url: "/"))
    let driver = PageDriver(runtime: running.session.runtime)
    try driver.press("Grace Hopper")
    try driver.press("Edit")
    #expect(running.session.url == "/contacts/2/edit")

    // The browser's back button: from the edit page to Grace's page, then to the list.
    let toContact = try #require(running.session.followHistory(to: "/contacts/2"))
    #expect(toContact.patches.contains { if case .remove = $0 { true } else { false } })
    #expect(running.model.editing == nil)
    #expect(running.session.followHistory(to: "/") != nil)
    #expect(running.model.path.isEmpty)
    // Forward again, two levels at once.
    #expect(running.session.followHistory(to: "/contacts/2/edit") != nil)
    #expect(running.model.routes.url == "/contacts/2/edit")
    assertSnapshot(of: running.session.runtime, named: "contacts-2-edit")
  }

  @Test func aURLTheAppDoesNotHaveLeavesTheSessionAlone() throws {
    let running = try #require(ContactsSession(url: "/contacts/1"))
    let before = try running.session.runtime.renderHTML()
    #expect(running.session.followHistory(to: "/contacts/42") == nil)
    #expect(try running.session.runtime.renderHTML() == before)
    #expect(running.session.url == "/contacts/1")
    #expect(running.session.runtime.hasPendingChanges == false)
  }

  @Test func openingTheAddSheetPushesAHistoryEntry() throws {
    let running = try #require(ContactsSession(url: "/"))
    let driver = PageDriver(runtime: running.session.runtime)
    let addButton = try driver.id(ofTag: "button", text: "Add contact")
    guard case .success(let reply) = running.session.reply(to: "click", on: addButton) else {
      Issue.record("the click was rejected")
      return
    }
    #expect(reply.navigation == .init(url: "/add", history: .push))
    // Back closes the sheet.
    #expect(running.session.followHistory(to: "/") != nil)
    #expect(running.model.destination == nil)
  }
}

/// The example declares its URLs once (`ContactsModel.routes`): no URL code of its own.
@Suite struct ContactsRoutesTests {
  @Test func theRoutesAreSound() {
    #expect(ContactsModel.pages.validate().isEmpty)
  }

  @Test func aURLTheAppDoesNotHaveSaysWhy() {
    guard case .failure(let error) = startContacts(url: "/contacts/99") else {
      Issue.record("a session started at /contacts/99")
      return
    }
    #expect(error.reason == "there is no contact 99")
  }

  @Test func theFilterIsTheQueryAndTypingInItReplacesTheHistoryEntry() throws {
    let running = try #require(ContactsSession(url: "/?q=gr"))
    #expect(running.model.filteredContacts.map { $0.name } == ["Grace Hopper"])
    #expect(running.session.url == "/?q=gr")
    let driver = PageDriver(runtime: running.session.runtime)
    let filter = try driver.id(ofTag: "input")
    let reply = try running.session.reply(to: "input", on: filter, payload: EventPayload(value: "a")).get()
    #expect([reply.navigation?.url, reply.navigation?.history.rawValue, reply.title] == ["/?q=a", "replace", nil])
    // The filter is the list's: a contact's page does not carry it, and Back returns to the
    // filtered list, its query with it (Back is a link there, for a browser without script).
    try driver.press("Grace Hopper")
    #expect(running.session.url == "/contacts/2")
    #expect(try running.session.runtime.renderHTML().contains(#"<a href="/?q=a" class="navigation-back">Back</a>"#))
    try driver.press("Back")
    #expect(running.session.url == "/?q=a")
  }

  @Test func pagesAndTheSheetHaveTitles() throws {
    #expect(try #require(contactsSession(url: "/contacts/2")).title == "Grace Hopper")
    #expect(try #require(contactsSession(url: "/contacts/2/edit")).title == "Edit Grace Hopper")
    #expect(try #require(contactsSession(url: "/add")).title == "Add contact")
    #expect(try #require(contactsSession(url: "/")).title == nil)
  }

  @Test func openingTheSheetPushesItsURLAndClosingItPops() throws {
    let running = try #require(ContactsSession(url: "/"))
    let driver = PageDriver(runtime: running.session.runtime)
    let add = try driver.id(ofTag: "button", text: "Add contact")
    let toAdd = try running.session.reply(to: "click", on: add).get()
    #expect([toAdd.navigation?.url, toAdd.navigation?.history.rawValue, toAdd.title] == ["/add", "push", "Add contact"])
    let cancel = try driver.id(ofTag: "button", text: "Cancel")
    let cancelled = try running.session.reply(to: "click", on: cancel).get()
    #expect([cancelled.navigation?.url, cancelled.navigation?.history.rawValue, cancelled.title] == ["/", "pop", ""])
  }
}
