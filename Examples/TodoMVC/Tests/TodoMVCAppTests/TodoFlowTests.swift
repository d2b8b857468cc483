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
    #expect(driver.html.contains(#"<input class="new-todo" placeholder="What needs to be done?" autofocus"#))
    assertSnapshot(of: driver.runtime, named: "empty")
  }

  @Test func enterAddsTheTrimmedTitleAtTheBottomAndClearsTheField() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("   feed the cat  ")
    #expect(driver.titles == ["buy some cheese", "feed the cat"])
    #expect(model.newTitle.isEmpty)
    #expect(driver.html.contains(#"<span class="todo-count"><strong>2</strong> items left</span>"#))
    assertSnapshot(of: driver.runtime, named: "two-todos")
  }

  @Test func anEmptyTitleAddsNothing() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("   ")
    #expect(model.todos.isEmpty)
    #expect(!driver.html.contains("todo-list"))
  }

  @Test func theFirstTodoBringsTheListAndTheFooterAndChangesNothingElse() throws {
    let (driver, _) = makeDriver()
    try driver.type("buy some cheese", into: "New todo")
    let changes = try driver.domChanges {
      try driver.send(id: driver.id(where: "class", is: "new-todo"), event: "keydown", payload: EventPayload(key: "Enter"))
    }
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
    assertSnapshot(of: driver.runtime, named: "editing")
    try driver.type("  buy some sausages ", into: "Edit feed the cat")
    try driver.send(id: driver.id(where: "class", is: "edit"), event: "keydown", payload: EventPayload(key: "Enter"))
    #expect(driver.titles == ["buy some cheese", "buy some sausages"])
    #expect(model.editingID == nil)
  }

  @Test func blurSavesEscapeCancelsAndAnEmptyEditRemovesTheTodo() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("feed the cat")
    try driver.startEditing("feed the cat")
    try driver.type("feed the dog", into: "Edit feed the cat")
    try driver.send(id: driver.id(where: "class", is: "edit"), event: "blur")
    #expect(driver.titles == ["buy some cheese", "feed the dog"])

    try driver.startEditing("feed the dog")
    try driver.type("foo", into: "Edit feed the dog")
    try driver.send(id: driver.id(where: "class", is: "edit"), event: "keydown", payload: EventPayload(key: "Escape"))
    #expect(driver.titles == ["buy some cheese", "feed the dog"])

    try driver.startEditing("buy some cheese")
    try driver.type("   ", into: "Edit buy some cheese")
    try driver.send(id: driver.id(where: "class", is: "edit"), event: "keydown", payload: EventPayload(key: "Enter"))
    #expect(driver.titles == ["feed the dog"])
    #expect(model.todos.count == 1)
  }

  @Test func theFilterLinksShowActiveAndCompletedTodosAndNameTheURL() throws {
    let (driver, model) = makeDriver()
    try driver.addTodo("buy some cheese")
    try driver.addTodo("feed the cat")
    try driver.toggle("feed the cat", to: true)
    try driver.press("Active")
    #expect(model.routes.url == "/active")
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

  @Test func aDeepLinkShowsItsFilterAndAnUnknownURLIsNotAPage() {
    #expect(todoSession(url: "/completed")?.url == "/completed")
    #expect(todoSession(url: "/done") == nil)
    #expect(todoSession(url: "/active/") == nil)
  }

  @Test func titlesAreTrimmedOfASCIIWhitespaceOnly() {
    #expect(TitleText.trimmed(" \t buy some cheese \n") == "buy some cheese")
    #expect(TitleText.trimmed("   ").isEmpty)
    #expect(TitleText.trimmed("café") == "café")
    #expect(TitleText.trimmed("\u{00A0}x\u{00A0}") == "\u{00A0}x\u{00A0}")
  }
}
