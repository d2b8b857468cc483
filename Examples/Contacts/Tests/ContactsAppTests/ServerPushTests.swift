import ContactsApp
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// Changes the server makes without an event (`receiveIncoming`, as a live server runs it under
/// `LiveServer.perform`) reach the page as patches.
@Suite struct ServerPushTests {
  @Test func anIncomingContactInsertsItsRow() throws {
    let running = try #require(ContactsSession(url: "/"))
    let runtime = running.session.runtime
    let before = runtime.mountedTree
    let added = try running.model.receiveIncoming(ContactDraft(name: "Katherine Johnson", email: "kj@example.com"))
    #expect(added.id == 4)
    #expect(runtime.hasPendingChanges)

    let patches = PatchBatch(merging: runtime.takePendingPatches()).patches
    #expect(DOMChange.describe(patches, before: before) == [
      #"inserted <li class="contact"> "Katherine Johnson kj@example.com Delete" into <ul class="contact-list">"#
    ])
    #expect(runtime.hasPendingChanges == false)
    #expect(running.session.url == "/")
    assertSnapshot(of: runtime, named: "after-incoming")
  }

  @Test func anIncomingContactIsAReplyForTheStream() throws {
    let running = try #require(ContactsSession(url: "/contacts/1"))
    try running.model.receiveIncoming(ContactDraft(name: "Dorothy Vaughan"))
    let reply = try #require(running.session.takePendingChanges())
    let lines = PatchDescription.lines(for: reply.patches)
    #expect(lines.first?.hasPrefix("insert") == true)
    #expect(lines.first?.contains("Dorothy Vaughan") == true)
    #expect(reply.navigation == nil)  // the page stays where it is
    #expect(running.session.takePendingChanges() == nil)
  }

  @Test func anIncomingContactWithoutANameIsRefusedAndChangesNothing() throws {
    let running = try #require(ContactsSession(url: "/"))
    #expect(throws: ContactError("incoming contact refused: Enter a name.")) {
      try running.model.receiveIncoming(ContactDraft(name: " ", email: "nobody@example.com"))
    }
    #expect(running.model.contacts.count == 3)
    #expect(running.session.runtime.hasPendingChanges == false)
    #expect(running.session.takePendingChanges() == nil)
  }

  @Test func anIncomingContactKeepsAnOpenSheetAndItsDraft() throws {
    let running = try #require(ContactsSession(url: "/add"))
    let driver = PageDriver(runtime: running.session.runtime)
    try driver.type("Half-typed", into: "Name")
    try running.model.receiveIncoming(ContactDraft(name: "Mary Jackson"))
    let before = driver.runtime.mountedTree
    driver.settle()
    let changes = DOMChange.describe(driver.lastPatches, before: before)
    #expect(changes == [#"inserted <li class="contact"> "Mary Jackson Delete" into <ul class="contact-list">"#])
    #expect(driver.html.contains(#"value="Half-typed""#))
    try driver.press("Save")
    #expect(running.model.contacts.map(\.id) == [1, 2, 3, 4, 5])
  }
}
