import VirtualDOM

extension AppRoutes {
  /// Where a query parameter or a state segment belongs: the URLs of that place carry it, and
  /// links, pushes and URLs elsewhere do not (reaching them leaves the state as it is, so Back
  /// returns to the filtered list with its query).
  ///
  /// ```swift
  /// QueryParameter("q", model.$query, on: .root)                       // the list's filter
  /// QueryParameter("tab", model.$tab, on: .page(Route.self) { $0.isBook })
  /// QueryParameter("note", model.$note, on: .presentation("lend"))
  /// ```
  public struct Place {
    let contains: (_ path: UINavigationPath, _ presentation: String?) -> Bool

    /// The root page (no page pushed), presentations over it included.
    ///
    /// ```swift
    /// QueryParameter("q", model.$query, on: .root)
    /// ```
    public static var root: Place { Place { path, _ in path.elements.isEmpty } }

    /// Every URL of the app (what `QueryParameter` without a place did before 0.10).
    ///
    /// ```swift
    /// QueryParameter("lang", model.$language, on: .everywhere)
    /// ```
    public static var everywhere: Place { Place { _, _ in true } }

    /// A pushed page of type `Page` on top (presentations over it included), for which
    /// `accepts` holds.
    ///
    /// ```swift
    /// QueryParameter("tab", model.$tab, on: .page(Route.self) { if case .book = $0 { true } else { false } })
    /// ```
    public static func page<Page: Hashable>(_ type: Page.Type, where accepts: @escaping (Page) -> Bool = { _ in true })
      -> Place
    {
      Place { path, _ in path.elements.last?.value(as: Page.self).map(accepts) ?? false }
    }

    /// While the presentation route with this pattern (as written in its declaration) is presented.
    ///
    /// ```swift
    /// QueryParameter("note", model.$note, on: .presentation("lend"))
    /// ```
    public static func presentation(_ pattern: String) -> Place {
      let text = URLPattern(pattern).text
      return Place { _, presentation in presentation.map { DOMString.equal($0, text) } ?? false }
    }
  }
}
