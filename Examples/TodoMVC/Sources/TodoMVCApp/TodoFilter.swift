import VirtualDOM

/// Which todos the list shows: the footer's links, and the URL (`/`, `/active`, `/completed`).
///
/// ```swift
/// TodoFilter.active.shows(Todo(id: 1, title: "x", completed: true))   // false
/// TodoFilter.active.path                                               // "/active"
/// ```
public enum TodoFilter: CaseIterable, Sendable {
  case all, active, completed

  /// Whether a todo is in the list under this filter.
  public func shows(_ todo: Todo) -> Bool {
    switch self {
    case .all: true
    case .active: !todo.completed
    case .completed: todo.completed
    }
  }

  /// The filter's URL.
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

  /// The filter at `path`, or `nil` when the app has no page there. Compared with
  /// `DOMString.equal`, not `String ==`, which would bring Unicode tables into the module.
  ///
  /// ```swift
  /// TodoFilter(path: "/completed")   // .completed
  /// TodoFilter(path: "/done")        // nil
  /// ```
  public init?(path: String) {
    guard let filter = TodoFilter.allCases.first(where: { DOMString.equal($0.path, path) }) else { return nil }
    self = filter
  }
}
