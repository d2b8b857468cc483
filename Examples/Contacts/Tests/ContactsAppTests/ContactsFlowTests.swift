import ContactsApp
import NavigationCore
import NavigationTesting
import Testing

/// Every flow of the address book, driven as a person would, with a snapshot of each state and
/// the DOM changes each step makes.
@Suite struct ContactsFlowTests {
  @Test func theListShowsEveryContact() {
    let (driver, _) = makeDriver()
    assertSnapshot(of: driver.runtime, named: "list")
  }

  @Test func addContactOpensTheSheetAndSaveAddsTheRow() throws {
    let (driver, model) = makeDriver()
    let opened = try driver.domChanges { try driver.press("Add contact") }
    #expect(opened.count == 2)
    #expect(opened.first?.hasPrefix(#"inserted <dialog id="addContact" class="navigation-sheet""#) == true)
    #expect(opened.last?.hasPrefix(#"called showModal() on <dialog id="addContact""#) == true)
    assertSnapshot(of: driver.runtime, named: "add-contact-sheet")

    try driver.type("Katherine Johnson", into: "Name")
    try driver.type("katherine@example.com", into: "Email")
    let saved = try driver.domChanges { try driver.press("Save") }
    #expect(saved.contains { $0.hasPrefix(#"removed <dialog id="addContact""#) })
    #expect(saved.count == 2)
    #expect(saved.contains { $0.hasPrefix(#"inserted <li class="contact"> "Katherine Johnson katherine@"#) && $0.hasSuffix(#"into <ul class="contact-list">"#) })
    #expect(model.contacts.map(\.name) == ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson"])
    #expect(model.contacts.last?.id == 4)
    #expect(model.destination == nil)
  }

  @Test func savingWithoutANameKeepsTheSheetOpenAndSaysWhy() throws {
    let (driver, model) = makeDriver()
    try driver.press("Add contact")
    try driver.type("  ", into: "Name")
    let refused = try driver.domChanges { try driver.press("Save") }
    #expect(refused == [#"inserted <p class="problem" role="alert"> "Enter a name." into <div class="fields">"#])
    #expect(model.contacts.count == 3)
    assertSnapshot(of: driver.runtime, named: "add-contact-refused")
    guard case .addContact(let draft)? = model.destination else {
      Issue.record("the sheet closed on a refused Save")
      return
    }
    #expect(draft.problem == "Enter a name.")
  }

  @Test func cancelAndEscapeCloseTheSheetAndAddNothing() throws {
    let (driver, model) = makeDriver()
    try driver.press("Add contact")
    try driver.type("Ghost", into: "Name")
    let cancelled = try driver.domChanges { try driver.press("Cancel") }
    #expect(cancelled.count == 1)
    #expect(cancelled.first?.hasPrefix(#"removed <dialog id="addContact""#) == true)
    #expect(model.destination == nil)

    try driver.press("Add contact")
    #expect(driver.html.contains(#"value="""#))  // a fresh draft, not the cancelled one
    let escaped = try driver.domChanges { try driver.pressEscape() }
    #expect(escaped.count == 1)
    #expect(escaped.first?.hasPrefix(#"removed <dialog id="addContact""#) == true)
    #expect(model.contacts.count == 3)
  }

  @Test func deleteAsksFirstThenRemovesTheRow() throws {
    let (driver, model) = makeDriver()
    let asked = try driver.domChanges { try driver.press("Delete Grace Hopper") }
    #expect(asked.first?.hasPrefix(#"inserted <dialog id="deleteAlert" class="navigation-alert" role="alertdialog""#) == true)
    #expect(asked.first?.contains(#""Delete Grace Hopper? This cannot be und…""#) == true)  // names are cut at 40 characters
    assertSnapshot(of: driver.runtime, named: "delete-alert")

    let deleted = try driver.domChanges { try driver.press("Delete") }
    #expect(deleted.contains { $0.hasPrefix(#"removed <li class="contact"> "Grace Hopper"#) })
    #expect(deleted.contains { $0.hasPrefix(#"removed <dialog id="deleteAlert""#) })
    #expect(model.contacts.map(\.name) == ["Ada Lovelace", "Alan Turing"])
    #expect(model.destination == nil)
  }

  @Test func cancellingTheDeleteAlertKeepsTheContact() throws {
    let (driver, model) = makeDriver()
    try driver.press("Delete Ada Lovelace")
    let cancelled = try driver.domChanges { try driver.press("Cancel") }
    #expect(cancelled.count == 1)
    #expect(cancelled.first?.hasPrefix(#"removed <dialog id="deleteAlert""#) == true)
    #expect(model.contacts.count == 3)
  }

  @Test func aContactsNameOpensItsPageAndBackReturnsToTheList() throws {
    let (driver, model) = makeDriver()
    let pushed = try driver.domChanges { try driver.press("Alan Turing") }
    #expect(pushed.contains(#"set hidden="" on <section class="navigation-page navigation-root" data-depth="0">"#))
    #expect(pushed.contains { $0.hasPrefix(#"inserted <section id="stack-page-1" class="navigation-page""#) })
    #expect(model.path.count == 1)
    #expect(model.routes.url == "/contacts/3")
    assertSnapshot(of: driver.runtime, named: "contact-page")

    let popped = try driver.domChanges { try driver.goBack() }
    #expect(popped.contains { $0.hasPrefix(#"removed <section id="stack-page-1""#) })
    #expect(popped.contains { $0.hasPrefix(#"removed hidden from <section class="navigation-page navigation-root""#) })
    #expect(model.path.isEmpty)
    #expect(model.routes.url == "/")
  }

  @Test func shareAsksHowThenSaysItWasShared() throws {
    let (driver, model) = makeDriver(url: "/contacts/1")
    let asked = try driver.domChanges { try driver.press("Share…") }
    #expect(asked.first?.hasPrefix(#"inserted <dialog id="shareDialog" class="navigation-confirmation-dialog" role="alertdialog""#) == true)
    #expect(asked.first?.contains(#""Share Ada Lovelace via… Email Message C…""#) == true)
    assertSnapshot(of: driver.runtime, named: "share-dialog")

    let shared = try driver.domChanges { try driver.press("Message") }
    #expect(shared.count == 2)
    #expect(shared.contains(#"inserted "Shared Ada Lovelace by message." into <p class="notice" role="status">"#))
    #expect(shared.contains { $0.hasPrefix(#"removed <dialog id="shareDialog""#) })
    #expect(model.lastShare == .message(contactID: 1))
  }

  @Test func cancellingTheShareDialogSharesNothing() throws {
    let (driver, model) = makeDriver(url: "/contacts/1")
    try driver.press("Share…")
    let cancelled = try driver.domChanges { try driver.pressEscape() }
    #expect(cancelled.count == 1)
    #expect(cancelled.first?.hasPrefix(#"removed <dialog id="shareDialog""#) == true)
    #expect(model.lastShare == nil)
  }

  @Test func deletingFromAContactsPagePopsThePage() throws {
    let (driver, model) = makeDriver(url: "/contacts/2")
    try driver.press("Delete contact")
    let deleted = try driver.domChanges { try driver.press("Delete") }
    #expect(deleted.contains { $0.hasPrefix(#"removed <section id="stack-page-1""#) })
    #expect(deleted.contains { $0.hasPrefix(#"removed <li class="contact"> "Grace Hopper"#) })
    #expect(model.path.isEmpty)
    #expect(model.routes.url == "/")
  }
}
