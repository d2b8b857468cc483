import VirtualDOM

/// One row: its checkbox, its title (a double click edits it) and its remove button; while it
/// is edited, the edit field, focused as it appears.
func todoItem(_ todo: Todo, model: TodoModel) -> Node {
  let isEditing = model.editingID == todo.id
  var classes: [String] = []
  if todo.completed { classes.append("completed") }
  if isEditing { classes.append("editing") }
  return li(.key("todo-\(todo.id)"), classes.isEmpty ? .none : .class(classes.joined(separator: " "))) {
    div(.class("view")) {
      input(
        .class("toggle"), .type("checkbox"), .checked(todo.completed), .aria("label", "Done: \(todo.title)"),
        .onToggle { isOn in model.setCompleted(todo.id, isOn) })
      label(.onDoubleClick { model.startEditing(todo.id) }) { todo.title }
      button(.class("destroy"), .aria("label", "Delete \(todo.title)"), .onClick { model.destroy(todo.id) })
    }
    if isEditing {
      input(
        .class("edit"), .value(todo.title), .aria("label", "Edit \(todo.title)"), .onMount(.focus),
        .onKeyDown(.enter) { event in model.commitEdit(todo.id, event.value ?? "") },
        .onKeyDown(.escape) { _ in model.cancelEdit() },
        .onBlur { event in model.commitEdit(todo.id, event.value ?? "") })
    }
  }
}
