/// The field that has focus, as state (`.focused(model.$focus, equals:)`): the new todo's
/// field when the page opens, a todo's edit field while it is edited.
///
/// ```swift
/// model.focus = .edit(2)   // focus moves to todo 2's edit field
/// ```
public enum TodoField: Equatable, Sendable {
  case newTodo
  case edit(Int)
}
