import NavigationCore
import NavigationTesting
import Testing
import TodoMVCApp
import VirtualDOM

/// TodoMVC's behaviours (its app spec), driven as a person would, with a snapshot of each state
/// and the DOM changes the steps make.
@Suite struct TodoFlowTests {
  @Test func anEmptyListShowsOnlyTheHeaderWithAFocusedField() {
    let (driver, _) = makeDriver()
    #expect(!driver.html.contains("todo-list"))
    #expect(!driver.html.contains(#"class="footer""#))
    #expect(driver.html.contains(#"<input class="new-todo" placeholder="What needs to be done?" aria-label="New todo" value="" autofocus="">"#))
    assertSnapshot(of: driver.runtime, named: "empty")
  }

  @Test func enterAddsTheTrimmedTitleAtTheBottomAndClearsTheField() throws {
    let (driver, _) = makeDriver()
    try driver.addTodo("buy some cheese")
    let second = try driver.domChanges { try driver.addTodo("   feed the cat  ") }
    #expect(driver.titles == ["buy some cheese", "feed the cat"])
    #expect(second.contains { $0.contains(#"<input class="new-todo""#) && $0.contains("value") })
    #expect(driver.html.contains(#"<span class="todo-count"><strong>2</strong> items left</span>"#))
    assertSnapshot(of: driver.runtime, named: "two-todos")
  }

  @Test func typingSendsNothingTheFieldsListenForTheirKeysOnly() throws {
    // The page applies the key filters (docs/EVENTS.md): only Enter (and Escape while editing)
    // reaches the app; the fields have no input listener.
    let session = try #require(todoSession(url: "/"))
    var listened: [(event: String, keys: [String])] = []
    for case .listen(_, let event, let options) in try session.page().patches {
      listened.append((event, options.keys.map(\.key)))
    }
    #expect(listened.contains { $0.event == "keydown" && $0.keys == ["Enter"] })
    #expect(!listened.contains { $0.event == "input" })
  }

  @Test func anEmptyTitleAddsNothing() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("   ")
    #expect(model.todos.isEmpty)
    #expect(!driver.html.contains("todo-list"))
  }

  @Test func theFirstTodoBringsTheListAndTheFooterAndChangesNothingElse() throws {
    let (driver, _) = makeDriver()
    let changes = try driver.domChanges { try driver.addTodo("buy some cheese") }
    // The list, the footer, and the field emptied.
    #expect(changes.count == 3)
    #expect(changes.contains { $0.hasPrefix(#"inserted <section class="main">"#) })
    #expect(changes.contains { $0.hasPrefix(#"inserted <footer class="footer">"#) })
  }

  @Test func checkingATodoCompletesItAndTheCounterAndClearCompletedFollow() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("feed the cat")
    try driver.toggle("feed the cat", to: true)
    #expect(model.todos.map { $0.completed } == [false, true])
    #expect(driver.html.contains(#"<li class="completed">"#))
    #expect(driver.html.contains(#"<strong>1</strong> item left"#))
    #expect(driver.html.contains("Clear completed"))
    assertSnapshot(of: driver.runtime, named: "one-completed")
    try driver.press("Clear completed")
    #expect(driver.titles == ["buy some cheese"])
    #expect(!driver.html.contains("Clear completed"))
  }

  @Test func markAllCompletesEveryTodoAndFollowsTheRows() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("feed the cat")
    let toggleAll = try driver.id(where: "id", is: "toggle-all")
    try driver.send(id: toggleAll, event: "change", payload: EventPayload(value: "true"))
    #expect(model.allCompleted)
    try driver.toggle("buy some cheese", to: false)
    #expect(!model.allCompleted)
    try driver.send(id: toggleAll, event: "change", payload: EventPayload(value: "false"))
    try driver.toggle("buy some cheese", to: true)
    try driver.toggle("feed the cat", to: true)
    #expect(model.allCompleted)
  }

  @Test func aDoubleClickEditsAndEnterSavesTheTrimmedText() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("feed the cat")
    try driver.startEditing("feed the cat")
    #expect(model.editingID == model.todos[1].id)
    #expect(model.focus == .edit(model.todos[1].id))  // focus follows: the edit field has it
    assertSnapshot(of: driver.runtime, named: "editing")
    try driver.press("Enter", in: "edit", holding: "  buy some sausages ")
    #expect(driver.titles == ["buy some cheese", "buy some sausages"])
    #expect(model.editingID == nil)
  }

  @Test func blurSavesEscapeCancelsAndAnEmptyEditRemovesTheTodo() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("feed the cat")
    try driver.startEditing("feed the cat")
    try driver.send(id: driver.id(where: "class", is: "edit"), event: "blur", payload: EventPayload(value: "feed the dog"))
    #expect(driver.titles == ["buy some cheese", "feed the dog"])

    try driver.startEditing("feed the dog")
    try driver.press("Escape", in: "edit", holding: "foo")
    #expect(driver.titles == ["buy some cheese", "feed the dog"])

    try driver.startEditing("buy some cheese")
    try driver.press("Enter", in: "edit", holding: "   ")
    #expect(driver.titles == ["feed the dog"])
    #expect(model.todos.count == 1)
  }

  @Test func theFilterLinksShowActiveAndCompletedTodosAndNameTheURL() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("feed the cat")
    try driver.toggle("feed the cat", to: true)
    let filtered = try driver.domChanges { try driver.press("Active") }
    #expect(model.routes.url == "/active")
    // The filter hides rows, it never removes them.
    #expect(!filtered.isEmpty && !filtered.contains { $0.hasPrefix("removed <") || $0.hasPrefix("inserted <") }, "\(filtered)")
    #expect(driver.titles == ["buy some cheese"])
    #expect(driver.html.contains(#"<a href="/active" class="selected">Active</a>"#))
    try driver.press("Completed")
    #expect(driver.titles == ["feed the cat"])
    try driver.toggle("feed the cat", to: false)
    #expect(driver.titles.isEmpty)  // the spec: an item updated under a filter follows it
    try driver.press("All")
    #expect(model.routes.url == "/")
    #expect(driver.titles == ["buy some cheese", "feed the cat"])
  }

  @Test func theListIsKeptForTheVisitorAndTheNextSessionReadsItBack() throws {
    let storage = VisitorStorage.inMemory()
    let first = TodoModel(storage: storage)
    first.addTodo("buy some cheese")
    first.addTodo("feed the cat")
    first.setCompleted(first.todos[1].id, true)
    first.startEditing(first.todos[0].id)  // editing is not kept
    let reloaded = TodoModel(storage: storage)
    #expect(reloaded.todos.map { $0.title } == ["buy some cheese", "feed the cat"])
    #expect(reloaded.todos.map { $0.completed } == [false, true])
    #expect(reloaded.editingID == nil)
    reloaded.addTodo("book a doctors appointment")
    #expect(reloaded.todos.map { $0.id } == [1, 2, 3])  // ids go on after the kept ones
    #expect(TodoModel(storage: VisitorStorage.inMemory()).todos.isEmpty)  // another visitor
  }

  @Test func aDeepLinkShowsItsFilterAndAnUnknownURLIsNotAPage() {
    #expect(todoSession(url: "/completed")?.url == "/completed")
    #expect(todoSession(url: "/done") == nil)
    #expect(todoSession(url: "/active/") == nil)
  }
}
