import NavigationCore
import VirtualDOM

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
  /// Where the list is kept for this visitor across reloads: live, on the server under the
  /// visitor's cookie; from WebAssembly, in the browser's `localStorage` (navdom's
  /// `VisitorStorage`, the same API in both).
  private let storage: VisitorStorage
  /// The key the list is kept under (the spec's `todos-[framework]`).
  public static let storageKey = "todos-navdom"

  /// The visitor's list as kept in `storage` (the visitor whose session is starting, by
  /// default), or `todos` when given; showing all of them.
  ///
  /// ```swift
  /// let model = TodoModel(todos: [Todo(id: 1, title: "feed the cat")], storage: .inMemory())
  /// ```
  public init(todos: [Todo]? = nil, storage: VisitorStorage = .current) {
    self.storage = storage
    let todos = todos ?? storage.string(forKey: Self.storageKey).flatMap { TodoJSON.decode($0) } ?? []
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
    defer { save() }
    let title = DOMString.trimmed(typed)
    guard !title.isEmpty else { return }
    newFieldResets += 1
    todos.append(Todo(id: nextID, title: title))
    nextID += 1
  }

  /// Marks one todo done or not, as its checkbox now says.
  public func setCompleted(_ id: Int, _ completed: Bool) {
    defer { save() }
    guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
    todos[index].completed = completed
  }

  /// Marks every todo as `completed` ("Mark all as complete").
  public func setAllCompleted(_ completed: Bool) {
    defer { save() }
    for index in todos.indices { todos[index].completed = completed }
  }

  /// Removes one todo.
  public func destroy(_ id: Int) {
    defer { save() }
    todos.removeAll { $0.id == id }
    if editingID == id { endEditing() }
  }

  /// Removes every done todo.
  public func clearCompleted() {
    defer { save() }
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
    defer { save() }
    guard editingID == id else { return }
    endEditing()
    let title = DOMString.trimmed(typed)
    if title.isEmpty { return destroy(id) }
    guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
    todos[index].title = title
  }

  /// Ends the edit, discarding what was typed (Escape).
  public func cancelEdit() {
    endEditing()
  }

  /// Keeps the list for the visitor (editing is not kept: the spec's rule).
  private func save() {
    storage.set(TodoJSON.encode(todos), forKey: Self.storageKey)
  }

  private func endEditing() {
    if let id = editingID, focus == .edit(id) { focus = nil }
    editingID = nil
  }
}
