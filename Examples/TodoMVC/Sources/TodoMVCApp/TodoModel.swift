import NavigationCore

/// The todo list's state: the todos, the filter the URL names, and the one todo being edited.
/// What is typed stays in the page until Enter or a blur sends it (the event carries the
/// field's value), so typing costs no round trip.
///
/// ```swift
/// let model = TodoModel()
/// model.addTodo("  buy some cheese ")
/// model.todos.map { $0.title }   // ["buy some cheese"]
/// ```
public final class TodoModel {
  /// Every todo, in the order they were added.
  @Observed public var todos: [Todo]
  /// Which of them the list shows.
  @Observed public var filter: TodoFilter = .all
  /// How many times the new todo's field was emptied after an Enter: the view alternates how
  /// it states the empty value, so that each Enter changes the rendered field and the diff
  /// sends the patch that empties it. The app does not mirror the field, so the empty value it
  /// renders is the same before and after, and a diff of equal values sends nothing (navdom has
  /// no way yet to say "reset this field to its value": see README.md).
  @Observed public private(set) var newFieldResets = 0
  /// The todo being edited, if any.
  @Observed public var editingID: Int?
  /// The field with focus: the new todo's when the page opens (the spec's `autofocus`).
  @Observed public var focus: TodoField? = .newTodo
  private var nextID: Int

  /// A list holding `todos` (none by default), showing all of them.
  ///
  /// ```swift
  /// let model = TodoModel(todos: [Todo(id: 1, title: "feed the cat")])
  /// ```
  public init(todos: [Todo] = []) {
    self.todos = todos
    var largest = 0
    for todo in todos where todo.id > largest { largest = todo.id }
    nextID = largest + 1
  }

  /// How many are not done yet (the counter).
  public var activeCount: Int { todos.count(where: { !$0.completed }) }
  /// How many are done ("Clear completed" shows when there is one).
  public var completedCount: Int { todos.count - activeCount }
  /// Whether every todo is done ("Mark all as complete" is checked).
  public var allCompleted: Bool { !todos.isEmpty && activeCount == 0 }

  /// Adds the typed title, trimmed, at the bottom and empties the field; an empty title adds
  /// nothing.
  public func addTodo(_ typed: String) {
    let title = TitleText.trimmed(typed)
    guard !title.isEmpty else { return }
    newFieldResets += 1
    todos.append(Todo(id: nextID, title: title))
    nextID += 1
  }

  /// Marks one todo done or not, as its checkbox now says.
  public func setCompleted(_ id: Int, _ completed: Bool) {
    guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
    todos[index].completed = completed
  }

  /// Marks every todo as `completed` ("Mark all as complete").
  public func setAllCompleted(_ completed: Bool) {
    for index in todos.indices { todos[index].completed = completed }
  }

  /// Removes one todo.
  public func destroy(_ id: Int) {
    todos.removeAll { $0.id == id }
    if editingID == id { endEditing() }
  }

  /// Removes every done todo.
  public func clearCompleted() {
    todos.removeAll { $0.completed }
  }

  /// Starts editing a todo (a double click on its title): the field starts with its title.
  public func startEditing(_ id: Int) {
    guard todos.contains(where: { $0.id == id }) else { return }
    editingID = id
    focus = .edit(id)
  }

  /// Ends the edit with the field's text, trimmed; an empty text removes the todo (the spec's
  /// rule). Does nothing when `id` is not being edited (a blur after Enter or Escape).
  public func commitEdit(_ id: Int, _ typed: String) {
    guard editingID == id else { return }
    endEditing()
    let title = TitleText.trimmed(typed)
    if title.isEmpty { return destroy(id) }
    guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
    todos[index].title = title
  }

  /// Ends the edit, discarding what was typed (Escape).
  public func cancelEdit() {
    endEditing()
  }

  private func endEditing() {
    if let id = editingID, focus == .edit(id) { focus = nil }
    editingID = nil
  }
}
