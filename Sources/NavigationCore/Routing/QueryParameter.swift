/// A query parameter bound to model state: `?q=dune` ↔ `model.query == "dune"`. Its default
/// value is left out of URLs, and so is the parameter wherever it does not belong (its
/// ``AppRoutes/Place``): a link from the filtered list to a page does not carry the filter, and
/// Back returns to the list with it.
///
/// ```swift
/// QueryParameter("q", model.$query, on: .root)           // edits replace the history entry
/// QueryParameter("page", model.$pageText, on: .root, default: "1", history: .push)
/// ```
public struct QueryParameter {
  let name: String
  let binding: UIBinding<String>
  let defaultValue: String
  let history: HistoryRule
  let place: AppRoutes.Place

  /// How a change of the parameter alone reaches the browser's history.
  public enum HistoryRule: Sendable {
    /// The current entry's URL changes (typing in a filter adds no entries): the default.
    case replace
    /// A new entry, as for a page.
    case push
  }

  /// Binds the query parameter `name` to `binding` at `place`.
  ///
  /// ```swift
  /// QueryParameter("q", model.$query, on: .root)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The parameter's name in the query.
  ///   - binding: The model state it shows; a URL of `place` without the parameter sets
  ///     `defaultValue`, a URL elsewhere leaves it as it is.
  ///   - place: Where it belongs: only URLs and links there carry it.
  ///   - defaultValue: The value that leaves the parameter out of the URL.
  ///   - history: Whether a change of it alone replaces the history entry or pushes one.
  public init(
    _ name: String, _ binding: UIBinding<String>, on place: AppRoutes.Place, default defaultValue: String = "",
    history: HistoryRule = .replace
  ) {
    self.name = name
    self.binding = binding
    self.defaultValue = defaultValue
    self.history = history
    self.place = place
  }

  /// A parameter on every URL of the app: every link and push carries it.
  ///
  /// ```swift
  /// QueryParameter("q", model.$query, on: .everywhere)   // what this form means
  /// ```
  @available(*, deprecated, message: "say where it belongs: QueryParameter(_:_:on:), e.g. on: .root (.everywhere keeps this behaviour)")
  public init(
    _ name: String, _ binding: UIBinding<String>, default defaultValue: String = "", history: HistoryRule = .replace
  ) {
    self.init(name, binding, on: .everywhere, default: defaultValue, history: history)
  }
}
