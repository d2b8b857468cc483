import NavigationCore

extension TodoModel {
  /// The app's URLs, declared once: the filter is the first segment (`/` all, `/active`,
  /// `/completed`); the session reads and writes it, the history follows it.
  ///
  /// ```swift
  /// model.filter = .active
  /// model.routes.url                        // "/active"
  /// model.routes.navigate(to: "/completed") // .success: the completed todos
  /// ```
  public var routes: AppRoutes {
    AppRoutes(
      state: [StateRoute($filter, default: .all, cases: [("active", .active), ("completed", .completed)])],
      // A filter change ends an edit, as a click on the filter's link would (by blurring it).
      willNavigate: { [self] in editingID = nil })
  }
}
