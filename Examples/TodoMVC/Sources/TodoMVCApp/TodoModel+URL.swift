/// The filter is the URL: `/` shows all, `/active` and `/completed` the others.
extension TodoModel {
  /// The URL of the current state.
  ///
  /// ```swift
  /// model.filter = .active
  /// model.url   // "/active"
  /// ```
  public var url: String { filter.path }

  /// Shows the filter at `url`; `false`, changing nothing, when the app has no page there.
  ///
  /// ```swift
  /// model.navigate(to: "/completed")   // true
  /// model.navigate(to: "/done")        // false
  /// ```
  public func navigate(to url: String) -> Bool {
    guard let filter = TodoFilter(path: url) else { return false }
    editingID = nil
    self.filter = filter
    return true
  }
}
