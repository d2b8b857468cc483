import ContactsApp
import NavigationCore
import NavigationTesting
import Testing

/// The edit page, drilled into from a contact's page with `navigationDestination(item:)`.
@Suite struct EditDrillDownTests {
  @Test func editDrillsInAndBackPopsOnlyTheEditPage() throws {
    let (driver, model) = makeDriver(url: "/contacts/2")
    let drilled = try driver.domChanges { try driver.press("Edit") }
    #expect(drilled.contains(#"set hidden="" on <section id="stack-page-1" class="navigation-page" aria-labelledby="stack-page-1-title" data-depth="1">"#))
    #expect(drilled.contains { $0.hasPrefix(#"inserted <section id="stack-page-1-edit-2" class="navigation-page""#) })
    #expect(model.routes.url == "/contacts/2/edit")
    assertSnapshot(of: driver.runtime, named: "edit-page")

    try driver.type("Grace Brewster Hopper", into: "Name")
    let back = try driver.domChanges { try driver.goBack() }
    #expect(back.contains { $0.hasPrefix(#"removed <section id="stack-page-1-edit-2""#) })
    #expect(back.contains { $0.hasPrefix(#"removed hidden from <section id="stack-page-1""#) })
    #expect(model.editing == nil)
    #expect(model.path.count == 1)
    #expect(model.routes.url == "/contacts/2")
    #expect(model.contact(2)?.name == "Grace Hopper")  // Back does not save
  }

  @Test func saveWritesTheDraftBackAndReturnsToTheContactsPage() throws {
    let (driver, model) = makeDriver(url: "/contacts/2/edit")
    try driver.type("Grace Brewster Hopper", into: "Name")
    try driver.type("555-0199", into: "Phone")
    let saved = try driver.domChanges { try driver.press("Save") }
    #expect(saved.contains { $0.hasPrefix(#"removed <section id="stack-page-1-edit-2""#) })
    #expect(saved.contains(#"changed text "Grace Hopper" to "Grace Brewster Hopper" in <h1 id="stack-page-1-title">"#))
    #expect(model.contact(2) == Contact(id: 2, name: "Grace Brewster Hopper", email: "grace@example.com", phone: "555-0199"))
    #expect(model.routes.url == "/contacts/2")
  }

  @Test func cancelDiscardsTheDraft() throws {
    let (driver, model) = makeDriver(url: "/contacts/3/edit")
    try driver.type("Someone else", into: "Name")
    try driver.press("Cancel")
    #expect(model.editing == nil)
    #expect(model.contact(3)?.name == "Alan Turing")
    #expect(driver.html.contains(#"<h1 id="stack-page-1-title">Alan Turing</h1>"#))
  }

  @Test func savingAnEmptyNameStaysOnTheEditPageAndSaysWhy() throws {
    let (driver, model) = makeDriver(url: "/contacts/1/edit")
    try driver.type("", into: "Name")
    let refused = try driver.domChanges { try driver.press("Save") }
    #expect(refused == [#"inserted <p class="problem" role="alert"> "Enter a name." into <div class="fields">"#])
    #expect(model.routes.url == "/contacts/1/edit")
    #expect(model.contact(1)?.name == "Ada Lovelace")
  }
}
