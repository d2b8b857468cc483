/// A query parameter bound to model state: `?q=dune` ↔ `model.query == "dune"`. Its default
/// value is left out of URLs.
///
/// ```swift
/// QueryParameter("q", model.$query)                    // edits replace the history entry
/// QueryParameter("page", model.$pageText, default: "1", history: .push)
/// ```
public struct QueryParameter {
  let name: String
  let binding: UIBinding<String>
  let defaultValue: String
  let history: HistoryRule

  /// How a change of the parameter alone reaches the browser's history.
  public enum HistoryRule: Sendable {
    /// The current entry's URL changes (typing in a filter adds no entries): the default.
    case replace
    /// A new entry, as for a page.
    case push
  }

  /// Binds the query parameter `name` to `binding`.
  ///
  /// ```swift
  /// QueryParameter("q", model.$query)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The parameter's name in the query.
  ///   - binding: The model state it shows; a URL without the parameter sets `defaultValue`.
  ///   - defaultValue: The value that leaves the parameter out of the URL.
  ///   - history: Whether a change of it alone replaces the history entry or pushes one.
  public init(
    _ name: String, _ binding: UIBinding<String>, default defaultValue: String = "", history: HistoryRule = .replace
  ) {
    self.name = name
    self.binding = binding
    self.defaultValue = defaultValue
    self.history = history
  }
}
