/// Which todos the list shows: the footer's links, and the URL (`/`, `/active`, `/completed`).
///
/// ```swift
/// TodoFilter.active.shows(Todo(id: 1, title: "x", completed: true))   // false
/// TodoFilter.active.path                                               // "/active", its link
/// ```
public enum TodoFilter: CaseIterable, Equatable, Sendable {
  case all, active, completed

  /// Whether a todo is in the list under this filter.
  public func shows(_ todo: Todo) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.completed
    case .completed: todo.completed
    }
  }

  /// The filter's URL, for its link (``TodoModel/routes`` reads and writes the same URLs).
  public var path: String {
    switch self {
    case .all: "/"
    case .active: "/active"
    case .completed: "/completed"
    }
  }

  /// The link's text in the footer.
  public var label: String {
    switch self {
    case .all: "All"
    case .active: "Active"
    case .completed: "Completed"
    }
  }
}
