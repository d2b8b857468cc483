import VirtualDOM

/// An app's URLs: each page of a stack adds its route's segments to the URL of the pages below
/// it, so a whole navigation path reads as one URL and a URL (a deep link) as a whole path.
///
/// Routes are tried in order at each position; the first whose pattern matches and whose
/// `parse` makes a page wins. The query string is never part of the path: ``match(_:)`` hands it
/// to the app, and the other methods ignore it. Routes are `Sendable`: keep them in a
/// `static let`.
///
/// ```swift
/// enum Route: Hashable { case item(Int), edit(Int) }
///
/// let routes = NavigationRoutes([
///   NavigationRoute("items/:id", Route.self,
///     parse: { parameters, _ in parameters.int("id").map(Route.item) },
///     print: { if case .item(let id) = $0 { [String(id)] } else { nil } }),
///   NavigationRoute("edit", Route.self,
///     parse: { _, below in if case .item(let id)? = below { .edit(id) } else { nil } },
///     print: { if case .edit = $0 { [] } else { nil } }),
/// ])
/// routes.url(for: UINavigationPath([Route.item(2), Route.edit(2)]))  // "/items/2/edit"
/// routes.path(from: "/items/2/edit?ref=mail")?.count                // 2
/// ```
public struct NavigationRoutes: Sendable {
  let routes: [NavigationRoute]

  /// Routes tried in this order.
  ///
  /// ```swift
  /// let routes = NavigationRoutes([itemRoute, editRoute])
  /// ```
  public init(_ routes: [NavigationRoute]) {
    self.routes = routes
    reportProblemsInDebugBuilds()
  }

  /// One URL segment per path element, encoded and decoded by closures the app supplies.
  ///
  /// ```swift
  /// let routes = NavigationRoutes(
  ///   encode: { element in element.value(as: Item.self).map { "item-\($0.id)" } },
  ///   decode: { segment in
  ///     guard segment.hasPrefix("item-"), let id = Int(segment.dropFirst(5)) else { return nil }
  ///     return UINavigationPath.Element(Item(id: id))
  ///   })
  /// routes.url(for: model.path)              // "/item-1/item-7"
  /// ```
  ///
  /// - Parameters:
  ///   - encode: One element as a segment; `nil` when it has no URL form.
  ///   - decode: A segment as an element; `nil` when it names none.
  public init(
    encode: @escaping @Sendable (UINavigationPath.Element) -> String?,
    decode: @escaping @Sendable (String) -> UINavigationPath.Element?
  ) {
    let route = NavigationRoute(
      pattern: URLPattern(segments: [.parameter("segment")]),
      parse: { parameters, _ in parameters["segment"].flatMap(decode) },
      print: { element in encode(element).map { [$0] } })
    routes = [route]
  }

  /// The URL path for `path`: `/` for the root, `/items/2/edit` for two pages.
  ///
  /// ```swift
  /// Route.routes.url(for: UINavigationPath([Route.item(3)]))  // "/items/3"
  /// ```
  ///
  /// - Returns: The URL path, or `nil` when an element has no route.
  public func url(for path: UINavigationPath) -> String? {
    var url = ""
    for element in path.elements {
      guard let segments = segments(for: element) else { return nil }
      for segment in segments { url += "/" + PercentEncoding.encode(segment) }
    }
    return url.isEmpty ? "/" : url
  }

  /// The path a URL names; its query is ignored.
  ///
  /// ```swift
  /// Route.routes.path(from: "/items/3?ref=mail")?.count  // 1
  /// ```
  ///
  /// - Returns: The path, or `nil` when the URL names no page (see ``match(_:)`` for why).
  @available(*, deprecated, message: "declare the routes in AppRoutes and call navigate(to:)")
  public func path(from url: String) -> UINavigationPath? {
    if case .success(let match) = match(url) { return match.path }
    return nil
  }

  /// The path a URL names and its query, or why it names none (the app's 404).
  ///
  /// ```swift
  /// switch Route.routes.match("/items/3/edit?tab=color") {
  /// case .success(let match): model.path = match.path; model.tab = match.query("tab") ?? ""
  /// case .failure(let error): print(error.reason)   // "no route for "nope" at /nope"
  /// }
  /// ```
  @available(*, deprecated, message: "declare the routes in AppRoutes (query parameters with QueryParameter) and call navigate(to:)")
  public func match(_ url: String) -> Result<RouteMatch, RouteError> {
    let (pathPart, queryPart) = URLText.split(url)
    let walk = RouteWalk(pages: routes, presentations: [])
    let found = RouteWalk.segments(ofPath: pathPart, url: url).flatMap { walk.walk($0, pathPart: pathPart, url: url) }
    switch found {
    case .success(let found):
      return .success(RouteMatch(path: found.path, query: queryPart.map(URLText.queryPairs) ?? []))
    case .failure(let error): return .failure(error)
    }
  }

  /// The URL segments of one element: its route's pattern with the printed values. A `print`
  /// that returns the wrong number of values is reported (the link would silently stop being
  /// one) and that route is skipped.
  func segments(for element: UINavigationPath.Element) -> [String]? {
    for route in routes {
      guard let values = route.print(element) else { continue }
      if let segments = route.pattern.segments(with: values) { return segments }
      NavigationWarnings.report(
        "route \"\(route.pattern.text)\": print returned \(values.count) value(s) for \(route.pattern.parameterCount) parameter(s)")
    }
    return nil
  }
}

/// A URL's page path and its query.
@available(*, deprecated, message: "AppRoutes.navigate(to:) applies a URL's path and query")
public struct RouteMatch {
  /// The pages the URL names, bottom first.
  public var path: UINavigationPath
  /// The query's name and value pairs, in order, percent-decoded (`+` reads as a space).
  public var query: [(name: String, value: String)]

  /// The first value of the query parameter `name`.
  ///
  /// ```swift
  /// match.query("ref")   // "mail" for /items/2?ref=mail
  /// ```
  public func query(_ name: String) -> String? {
    for entry in query where DOMString.equal(entry.name, name) { return entry.value }
    return nil
  }
}

/// Why a URL names no page: what was not understood, and where.
public struct RouteError: Error, Equatable, CustomStringConvertible {
  /// The URL that matched nothing.
  public var url: String
  /// A sentence for a 404 page or a log.
  public var reason: String

  public var description: String { reason }

  /// An error for `url`, saying why.
  ///
  /// ```swift
  /// RouteError(url: "/items/9", reason: "there is no item 9")
  /// ```
  public init(url: String, reason: String) {
    self.url = url
    self.reason = reason
  }
}
