import VirtualDOM

/// An app's whole navigation state as URLs, declared once: the stack's pages (a path and its
/// ``NavigationRoutes``), the presentations that own a URL segment after them, and the query
/// parameters bound to model state. Give it to ``NavigationStack(routes:root:)`` for real links
/// and to ``AppSession/start(at:model:routes:view:)`` for the session's URL ↔ state mapping:
/// the app writes no URL code of its own.
///
/// ```swift
/// let routes = AppRoutes(
///   path: model.$path, pages: Route.routes,
///   presentations: [
///     PresentationRoute("lend", below: Route.self,
///       present: { _, page in model.lend(page) },
///       print: { model.isLending ? [] : nil },
///       dismiss: { model.destination = nil })
///   ],
///   query: [QueryParameter("q", model.$query)])
/// routes.url                            // "/books/2/lend?q=dune"
/// routes.navigate(to: "/books/3")       // .success: the book's page, the sheet closed, q cleared
/// ```
///
/// URLs have no empty segments and no trailing `/` (only `/` itself): `/books//1` and
/// `/books/1/` name no page, and the reason says the canonical form. Query parameters the
/// routes do not bind are ignored.
public struct AppRoutes {
  let pages: NavigationRoutes
  let path: UIBinding<UINavigationPath>
  let presentations: [PresentationRoute]
  let query: [QueryParameter]
  let refuse: ((UINavigationPath) -> String?)?
  let willNavigate: (() -> Void)?

  /// The declaration.
  ///
  /// ```swift
  /// AppRoutes(path: model.$path, pages: Route.routes, query: [QueryParameter("q", model.$query)])
  /// ```
  ///
  /// - Parameters:
  ///   - path: The stack's path.
  ///   - pages: The stack's page routes.
  ///   - presentations: Presentations owning the last segments of a URL, tried in order.
  ///   - query: Query parameters bound to model state.
  ///   - refuse: A reason to refuse a path the routes read (an item that does not exist: the
  ///     URL is a 404), or `nil` to accept it.
  ///   - willNavigate: Runs once a URL is known to be the app's, before its state is applied
  ///     (close the dialogs that have no URL).
  public init(
    path: UIBinding<UINavigationPath>, pages: NavigationRoutes, presentations: [PresentationRoute] = [],
    query: [QueryParameter] = [], refuse: ((UINavigationPath) -> String?)? = nil,
    willNavigate: (() -> Void)? = nil
  ) {
    self.pages = pages
    self.path = path
    self.presentations = presentations
    self.query = query
    self.refuse = refuse
    self.willNavigate = willNavigate
  }

  /// The URL of the current state: the pages, the presented segment, the query.
  ///
  /// ```swift
  /// routes.url   // "/books/2/lend?q=dune"
  /// ```
  public var url: String {
    var url = pages.url(for: path.wrappedValue) ?? "/"
    for presentation in presentations {
      guard let values = presentation.print(), let segments = presentation.pattern.segments(with: values) else {
        continue
      }
      // `utf8.count == 1` is `url == "/"` (the only one-byte URL it can be) without String's
      // ==, which brings Unicode normalization into the WebAssembly module.
      for segment in segments { url += (url.utf8.count == 1 ? "" : "/") + PercentEncoding.encode(segment) }
      break
    }
    return url + queryString
  }

  /// `?name=value&…` for the parameters away from their defaults, or `""`.
  var queryString: String {
    var parts: [String] = []
    for parameter in query {
      let value = parameter.binding.wrappedValue
      if !DOMString.equal(value, parameter.defaultValue) {
        parts.append(PercentEncoding.encode(parameter.name) + "=" + PercentEncoding.encode(value))
      }
    }
    return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
  }

  /// Brings the state to `url` (a deep link, browser back or forward): the path, the presentation
  /// it names (others close), the query parameters (absent ones take their defaults). A URL the
  /// app does not have changes nothing and says why.
  ///
  /// ```swift
  /// routes.navigate(to: "/books/2/lend?q=dune")   // .success
  /// routes.navigate(to: "/book/2")                // .failure: no route for "book" at /book/2; …
  /// ```
  @discardableResult
  public func navigate(to url: String) -> Result<Void, RouteError> {
    let (pathPart, queryPart) = URLText.split(url)
    let walk = RouteWalk(pages: pages.routes, presentations: presentations)
    let found: RouteWalk.Found
    switch RouteWalk.segments(ofPath: pathPart, url: url).flatMap({ walk.walk($0, pathPart: pathPart, url: url) }) {
    case .success(let match): found = match
    case .failure(let error): return .failure(error)
    }
    if let reason = refuse?(found.path) { return .failure(RouteError(url: url, reason: reason)) }
    willNavigate?()
    if let presented = found.presentation {
      guard presented.route.present(presented.parameters, found.path.elements.last) else {
        return .failure(
          RouteError(url: url, reason: "\"\(presented.route.pattern.text)\" has nothing to present at \(pathPart)"))
      }
    }
    if path.wrappedValue != found.path { path.wrappedValue = found.path }
    for presentation in presentations where !presentation.isSame(as: found.presentation?.route) {
      if presentation.print() != nil { presentation.dismiss() }
    }
    let pairs = queryPart.map(URLText.queryPairs) ?? []
    for parameter in query {
      var value = parameter.defaultValue
      for pair in pairs where DOMString.equal(pair.name, parameter.name) {
        value = pair.value
        break
      }
      if !DOMString.equal(parameter.binding.wrappedValue, value) { parameter.binding.wrappedValue = value }
    }
    return .success(())
  }

  /// The page routes' problems (``NavigationRoutes/validate()``).
  ///
  /// ```swift
  /// #expect(routes.validate().isEmpty)
  /// ```
  public func validate() -> [RouteProblem] {
    pages.validate()
  }

  /// How the browser's history takes the move from `old` to `new`: `"replace"` when only query
  /// parameters whose rule is `.replace` changed, `"pop"` when `new`'s path is an ancestor of
  /// `old`'s, else `"push"`.
  func historyMove(from old: String, to new: String) -> String {
    let (oldPath, oldQuery) = URLText.split(old)
    let (newPath, newQuery) = URLText.split(new)
    if DOMString.equal(oldPath, newPath) {
      let oldPairs = oldQuery.map(URLText.queryPairs) ?? []
      let newPairs = newQuery.map(URLText.queryPairs) ?? []
      for parameter in query where parameter.history == .push {
        // By code points (DOMString), as the rest of the URL: String's != brings Unicode
        // normalization into the WebAssembly module.
        if !DOMString.equal(Self.value(of: parameter.name, in: oldPairs), Self.value(of: parameter.name, in: newPairs)) {
          return "push"
        }
      }
      return "replace"
    }
    return AppSession.isAncestor(new, of: old) ? "pop" : "push"
  }

  private static func value(of name: String, in pairs: [(name: String, value: String)]) -> String? {
    for pair in pairs where DOMString.equal(pair.name, name) { return pair.value }
    return nil
  }
}

extension PresentationRoute {
  /// Whether `other` is this route (the same declaration: same pattern text).
  func isSame(as other: PresentationRoute?) -> Bool {
    guard let other else { return false }
    return DOMString.equal(pattern.text, other.pattern.text)
  }
}
