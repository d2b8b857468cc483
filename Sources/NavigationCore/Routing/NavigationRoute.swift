import VirtualDOM

/// One kind of page and its URL: the segments it adds to the URL of the pages below it, with
/// `:name` segments for its parameters, and how a page is made from them and back.
///
/// ```swift
/// enum Route: Hashable { case item(Int), edit(Int) }
///
/// let item = NavigationRoute("items/:id", Route.self,
///   parse: { parameters, _ in parameters.int("id").map(Route.item) },
///   print: { if case .item(let id) = $0 { [String(id)] } else { nil } })
/// let edit = NavigationRoute("edit", Route.self,
///   parse: { _, below in if case .item(let id)? = below { .edit(id) } else { nil } },
///   print: { if case .edit = $0 { [] } else { nil } })
/// ```
public struct NavigationRoute: Sendable {
  let pattern: URLPattern
  let parse: @Sendable (RouteParameters, UINavigationPath.Element?) -> UINavigationPath.Element?
  let print: @Sendable (UINavigationPath.Element) -> [String]?

  /// A route for path elements of type `Value`.
  ///
  /// ```swift
  /// NavigationRoute("settings", Route.self, parse: { _, _ in .settings }, print: { $0 == .settings ? [] : nil })
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: Segments separated by `/`; a segment `:name` is a parameter (one URL segment,
  ///     percent-decoded), any other must appear as it is.
  ///   - type: The element type the route makes.
  ///   - parse: Makes the element from the parameters and the element below it (`nil` at the
  ///     bottom of the stack); `nil` when they name no page, so later routes are tried.
  ///   - print: The element's parameter values in the pattern's order, or `nil` when the
  ///     element is not this route's.
  ///
  /// `Value` is `SendableMetatype` because the route is `Sendable` and its closures name the
  /// type; every type not isolated to a global actor is one (Embedded Swift asks for it aloud).
  public init<Value: Hashable & SendableMetatype>(
    _ pattern: String, _ type: Value.Type = Value.self,
    parse: @escaping @Sendable (_ parameters: RouteParameters, _ below: Value?) -> Value?,
    print: @escaping @Sendable (Value) -> [String]?
  ) {
    self.pattern = URLPattern(pattern)
    self.parse = { parameters, below in
      parse(parameters, below?.value(as: Value.self)).map { UINavigationPath.Element($0) }
    }
    self.print = { element in element.value(as: Value.self).flatMap(print) }
  }

  init(
    pattern: URLPattern,
    parse: @escaping @Sendable (RouteParameters, UINavigationPath.Element?) -> UINavigationPath.Element?,
    print: @escaping @Sendable (UINavigationPath.Element) -> [String]?
  ) {
    self.pattern = pattern
    self.parse = parse
    self.print = print
  }
}

/// A route's pattern: literal segments and `:name` parameters.
struct URLPattern: Sendable {
  enum Segment: Sendable {
    case literal(String)
    case parameter(String)
  }

  let segments: [Segment]

  init(_ pattern: String) {
    var segments: [Segment] = []
    for part in URLText.pieces(of: pattern, separatedBy: UInt8(ascii: "/")) {
      // Read as an array: slicing the string's own view brings index validation for
      // non-UTF-8 strings into the WebAssembly module.
      let bytes = Array(part.utf8)
      if bytes.first == UInt8(ascii: ":") {
        segments.append(.parameter(String(decoding: bytes.dropFirst(), as: UTF8.self)))
      } else {
        segments.append(.literal(part))
      }
    }
    self.segments = segments
  }

  init(segments: [Segment]) {
    self.segments = segments
  }

  /// The pattern as written: `books/:bookID`.
  var text: String {
    var parts: [String] = []
    for segment in segments {
      switch segment {
      case .literal(let literal): parts.append(literal)
      case .parameter(let name): parts.append(":" + name)
      }
    }
    return parts.joined(separator: "/")
  }

  var parameterNames: [String] {
    var names: [String] = []
    for segment in segments { if case .parameter(let name) = segment { names.append(name) } }
    return names
  }

  /// How many of the pattern's leading segments `url` matches from `start`.
  func matchedCount(_ url: [String], from start: Int) -> Int {
    var count = 0
    for (offset, segment) in segments.enumerated() {
      guard start + offset < url.count else { break }
      if case .literal(let literal) = segment, !DOMString.equal(literal, url[start + offset]) { break }
      count += 1
    }
    return count
  }

  var parameterCount: Int {
    var count = 0
    for segment in segments { if case .parameter = segment { count += 1 } }
    return count
  }

  /// The parameters if `url` matches the pattern from segment `start` (decoded segments).
  func match(_ url: [String], from start: Int) -> RouteParameters? {
    guard start + segments.count <= url.count else { return nil }
    var parameters = RouteParameters()
    for (offset, segment) in segments.enumerated() {
      let value = url[start + offset]
      switch segment {
      case .literal(let literal): if !DOMString.equal(literal, value) { return nil }
      case .parameter(let name): parameters.values.append((name, value))
      }
    }
    return parameters
  }

  /// The URL segments with `values` in the parameters' places, or `nil` for the wrong count.
  func segments(with values: [String]) -> [String]? {
    guard values.count == parameterCount else { return nil }
    var next = 0
    var result: [String] = []
    for segment in segments {
      switch segment {
      case .literal(let literal): result.append(literal)
      case .parameter:
        result.append(values[next])
        next += 1
      }
    }
    return result
  }
}

/// The parameters a route's pattern captured, by name.
///
/// ```swift
/// parameters.int("id")   // 7 for /items/7
/// ```
public struct RouteParameters: Sendable {
  var values: [(name: String, value: String)] = []

  /// The text of the parameter `name`, percent-decoded.
  ///
  /// ```swift
  /// parameters["slug"]   // "red shoes" for /tags/red%20shoes
  /// ```
  public subscript(name: String) -> String? {
    RuntimeState.current.routeParameterReads?.append(name)
    for entry in values where DOMString.equal(entry.name, name) { return entry.value }
    return nil
  }

  /// The parameter `name` as a whole number, or `nil` when it is not one.
  ///
  /// ```swift
  /// parameters.int("id")
  /// ```
  public func int(_ name: String) -> Int? {
    self[name].flatMap { Int($0) }
  }
}
