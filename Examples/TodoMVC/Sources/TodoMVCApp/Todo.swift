/// One thing to do: what the list shows in a row.
///
/// ```swift
/// let todo = Todo(id: 1, title: "buy some cheese")
/// todo.completed   // false
/// ```
public struct Todo: Sendable {
  /// Stable for the todo's life: the row's key, so the diff moves rows, never rewrites them.
  public var id: Int
  public var title: String
  public var completed: Bool

  /// A todo, not done yet unless `completed`.
  ///
  /// ```swift
  /// Todo(id: 2, title: "feed the cat", completed: true)
  /// ```
  public init(id: Int, title: String, completed: Bool = false) {
    self.id = id
    self.title = title
    self.completed = completed
  }
}
