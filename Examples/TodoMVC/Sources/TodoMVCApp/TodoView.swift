import NavigationCore
import VirtualDOM

/// TodoMVC's page, in its template's markup and class names (the `todomvc-app-css` stylesheet
/// styles it): the header with the new todo's field, the list with "Mark all as complete", the
/// footer with the counter, the filters and "Clear completed"; the list and the footer only when
/// there are todos.
///
/// ```swift
/// let model = TodoModel()
/// let runtime = NavigationRuntime(retaining: [model]) { todoView(model) }
/// ```
public func todoView(_ model: TodoModel) -> Node {
  fragment {
    section(.class("todoapp")) {
      header(.class("header")) {
        h1 { "todos" }
        // Enter sends the field's value: one round trip per todo, none while typing.
        input(
          .class("new-todo"), .placeholder("What needs to be done?"), .aria("label", "New todo"),
          model.newFieldResets % 2 == 0 ? .value("") : .none,
          .onKeyDown(.enter) { event in model.addTodo(event.value ?? "") }
        )
        .focused(model.$focus, equals: .newTodo)
      }
      if !model.todos.isEmpty {
        todoList(model)
        todoFooter(model)
      }
    }
    footer(.class("info")) {
      p { "Double-click to edit a todo" }
      p { "Written with navdom" }
      p { "Part of "; a(.href("https://todomvc.com")) { "TodoMVC" } }
    }
  }
}

/// The list, under "Mark all as complete".
func todoList(_ model: TodoModel) -> Node {
  section(.class("main")) {
    input(
      .id("toggle-all"), .class("toggle-all"), .type("checkbox"), .checked(model.allCompleted),
      .onToggle { isOn in model.setAllCompleted(isOn) })
    label(.for("toggle-all")) { "Mark all as complete" }
    // Every todo has its row; the filter hides the others (the spec allows hiding or removing,
    // and its tests accept both). A filter change then only flips `hidden`: no row is removed
    // and inserted again, and a list read just before a live reply lands still holds the rows.
    ul(.class("todo-list")) {
      for todo in model.todos {
        todoItem(todo, model: model)
      }
    }
  }
}

/// The counter, the filters and "Clear completed".
func todoFooter(_ model: TodoModel) -> Node {
  let left = model.activeCount
  return footer(.class("footer")) {
    span(.class("todo-count")) {
      strong { "\(left)" }
      left == 1 ? " item left" : " items left"
    }
    ul(.class("filters")) {
      for filter in TodoFilter.allCases {
        li {
          a(
            .href(filter.path), .class("selected", when: model.filter == filter),
            .onClick { model.filter = filter }
          ) { filter.label }
        }
      }
    }
    if model.completedCount > 0 {
      button(.class("clear-completed"), .onClick { model.clearCompleted() }) { "Clear completed" }
    }
  }
}
