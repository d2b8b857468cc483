import VirtualDOM

/// An app's whole navigation state as URLs, declared once: the stack's pages (a path and its
/// ``NavigationRoutes``), state segments that are neither (a filter, a tab: ``StateRoute``), the
/// presentations that own a URL segment after them, and the query parameters bound to model
/// state, each where it belongs (``AppRoutes/Place``). Give it to ``NavigationStack(routes:root:)`` for real links
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
///   query: [QueryParameter("q", model.$query, on: .root)])
/// routes.url                            // "/?q=dune" on the list, "/books/2/lend" on the sheet
/// routes.navigate(to: "/books/3")       // .success: the book's page, the sheet closed, q kept
/// ```
///
/// URLs have no empty segments and no trailing `/` (only `/` itself): `/books//1` and
/// `/books/1/` name no page, and the reason says the canonical form. Query parameters the
/// routes do not bind are ignored.
public struct AppRoutes {
  let pages: NavigationRoutes
  let path: UIBinding<UINavigationPath>
  let presentations: [PresentationRoute]
  let states: [StateRoute]
  let query: [QueryParameter]
  let refuse: ((UINavigationPath) -> String?)?
  let willNavigate: (() -> Void)?

  /// The declaration.
  ///
  /// ```swift
  /// AppRoutes(path: model.$path, pages: Route.routes, query: [QueryParameter("q", model.$query, on: .root)])
  /// ```
  ///
  /// - Parameters:
  ///   - path: The stack's path.
  ///   - pages: The stack's page routes.
  ///   - state: Segments after the pages bound to state that is neither a page nor a
  ///     presentation (a filter, a tab).
  ///   - presentations: Presentations owning the last segments of a URL, tried in order.
  ///   - query: Query parameters bound to model state.
  ///   - refuse: A reason to refuse a path the routes read (an item that does not exist: the
  ///     URL is a 404), or `nil` to accept it.
  ///   - willNavigate: Runs once a URL is known to be the app's (nothing refused it), before its
  ///     state is applied (close the dialogs that have no URL).
  public init(
    path: UIBinding<UINavigationPath>, pages: NavigationRoutes, state: [StateRoute] = [],
    presentations: [PresentationRoute] = [], query: [QueryParameter] = [],
    refuse: ((UINavigationPath) -> String?)? = nil, willNavigate: (() -> Void)? = nil
  ) {
    self.pages = pages
    self.path = path
    self.states = state
    self.presentations = presentations
    self.query = query
    self.refuse = refuse
    self.willNavigate = willNavigate
  }

  /// The routes of an app without a stack: state segments (a filter: `/active`), presentations
  /// and query parameters.
  ///
  /// ```swift
  /// AppRoutes(state: [StateRoute(model.$filter, default: .all, cases: [("active", .active)])])
  /// ```
  public init(
    state: [StateRoute], presentations: [PresentationRoute] = [], query: [QueryParameter] = [],
    willNavigate: (() -> Void)? = nil
  ) {
    self.init(
      path: .constant(UINavigationPath()), pages: NavigationRoutes([]), state: state, presentations: presentations,
      query: query, willNavigate: willNavigate)
  }

  /// The URL of the current state: the pages, the state segments, the presented segment, the
  /// query, each part only where it belongs.
  ///
  /// ```swift
  /// routes.url   // "/books/2/lend"
  /// ```
  public var url: String {
    var presented: (route: PresentationRoute, values: [String])?
    for presentation in presentations {
      guard let values = presentation.print() else { continue }
      presented = (presentation, values)
      break
    }
    return url(for: path.wrappedValue, presented: presented) ?? "/"
  }

  /// The URL of `path` with `presented` over it, or `nil` when a page has no route.
  func url(for path: UINavigationPath, presented: (route: PresentationRoute, values: [String])? = nil) -> String? {
    guard var url = pages.url(for: path) else { return nil }
    let presentationText = presented.map { $0.route.pattern.text }
    func append(_ segments: [String]) {
      for segment in segments { url += (url == "/" ? "" : "/") + PercentEncoding.encode(segment) }
    }
    for state in states where state.place.contains(path, presentationText) {
      if let values = state.print(), let segments = state.pattern.segments(with: values) { append(segments) }
    }
    if let presented, let segments = presented.route.pattern.segments(with: presented.values) { append(segments) }
    return url + queryString(at: path, presentation: presentationText)
  }

  /// `?name=value&…` for the parameters of that place away from their defaults, or `""`.
  func queryString(at path: UINavigationPath, presentation: String?) -> String {
    var parts: [String] = []
    for parameter in query where parameter.place.contains(path, presentation) {
      let value = parameter.binding.wrappedValue
      if !DOMString.equal(value, parameter.defaultValue) {
        parts.append(PercentEncoding.encode(parameter.name) + "=" + PercentEncoding.encode(value))
      }
    }
    return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
  }

  /// Reads `url` against the routes without applying anything.
  func find(_ url: String) -> Result<RouteWalk.Found, RouteError> {
    let pathPart = URLText.split(url).path
    let walk = RouteWalk(pages: pages.routes, presentations: presentations, states: states)
    return RouteWalk.segments(ofPath: pathPart, url: url).flatMap { walk.walk($0, pathPart: pathPart, url: url) }
  }

  /// Brings the state to `url` (a deep link, browser back or forward): the path, the state
  /// segments and the presentation it names (others close), the query parameters (absent ones
  /// take their defaults). What belongs to a place the URL is not (the list's filter at a
  /// book's page) stays as it is. A URL the app does not have changes nothing, `willNavigate`
  /// included, and says why.
  ///
  /// ```swift
  /// routes.navigate(to: "/books/2/lend")      // .success
  /// routes.navigate(to: "/book/2")            // .failure: no route for "book" at /book/2; …
  /// ```
  @discardableResult
  public func navigate(to url: String) -> Result<Void, RouteError> {
    let found: RouteWalk.Found
    switch find(url) {
    case .success(let match): found = match
    case .failure(let error): return .failure(error)
    }
    let pathPart = URLText.split(url).path
    if let reason = refuse?(found.path) { return .failure(RouteError(url: url, reason: reason)) }
    // The presentation may still refuse: it is asked before anything else changes.
    if let presented = found.presentation {
      guard presented.route.present(presented.parameters, found.path.elements.last) else {
        return .failure(
          RouteError(url: url, reason: "\"\(presented.route.pattern.text)\" has nothing to present at \(pathPart)"))
      }
    }
    willNavigate?()
    // willNavigate closes the dialogs without a URL; if it closed the one the URL names too,
    // that one opens again.
    if let presented = found.presentation, presented.route.print() == nil {
      _ = presented.route.present(presented.parameters, found.path.elements.last)
    }
    if path.wrappedValue != found.path { path.wrappedValue = found.path }
    for presentation in presentations where !presentation.isSame(as: found.presentation?.route) {
      if presentation.print() != nil { presentation.dismiss() }
    }
    apply(found, query: URLText.split(url).query)
    return .success(())
  }

  /// Sets the state segments and query parameters that belong where `found` leads.
  private func apply(_ found: RouteWalk.Found, query queryPart: String?) {
    let presentationText = found.presentation.map { $0.route.pattern.text }
    for (index, state) in states.enumerated() where state.place.contains(found.path, presentationText) {
      if let entry = found.states.first(where: { $0.index == index }) { entry.apply() } else { state.reset() }
    }
    let pairs = queryPart.map(URLText.queryPairs) ?? []
    for parameter in query where parameter.place.contains(found.path, presentationText) {
      var value = parameter.defaultValue
      for pair in pairs where DOMString.equal(pair.name, parameter.name) {
        value = pair.value
        break
      }
      if !DOMString.equal(parameter.binding.wrappedValue, value) { parameter.binding.wrappedValue = value }
    }
  }

  /// The page routes' problems (``NavigationRoutes/validate()``).
  ///
  /// ```swift
  /// #expect(routes.validate().isEmpty)
  /// ```
  public func validate() -> [RouteProblem] {
    pages.validate()
  }
}

extension PresentationRoute {
  /// Whether `other` is this route (the same declaration: same pattern text).
  func isSame(as other: PresentationRoute?) -> Bool {
    guard let other else { return false }
    return DOMString.equal(pattern.text, other.pattern.text)
  }
}
