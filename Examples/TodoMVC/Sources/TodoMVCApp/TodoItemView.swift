import NavigationCore
import VirtualDOM

/// One row: its checkbox, its title (a double click edits it) and its remove button; while it
/// is edited, the edit field, focused as it appears. Hidden when the filter does not show it.
func todoItem(_ todo: Todo, model: TodoModel) -> Node {
  let isEditing = model.editingID == todo.id
  return li(
    .key("todo-\(todo.id)"), .classes(("completed", todo.completed), ("editing", isEditing)),
    .hidden(!model.filter.shows(todo))
  ) {
    div(.class("view")) {
      input(
        .class("toggle"), .type("checkbox"), .checked(todo.completed), .aria("label", "Done: \(todo.title)"),
        .onToggle { isOn in model.setCompleted(todo.id, isOn) })
      label(.onDoubleClick { model.startEditing(todo.id) }) { todo.title }
      button(.class("destroy"), .aria("label", "Delete \(todo.title)"), .onClick { model.destroy(todo.id) })
    }
    if isEditing {
      input(
        .class("edit"), .value(todo.title), .aria("label", "Edit \(todo.title)"),
        .onKeyDown(.enter) { event in model.commitEdit(todo.id, event.value ?? "") },
        .onKeyDown(.escape) { _ in model.cancelEdit() },
        .onBlur { event in model.commitEdit(todo.id, event.value ?? "") }
      )
      .focused(model.$focus, equals: .edit(todo.id))
    }
  }
}
