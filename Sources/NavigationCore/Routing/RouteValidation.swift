import VirtualDOM

/// A mistake in a route declaration: the route's pattern, the parameter concerned (if one is)
/// and what is wrong.
///
/// ```swift
/// routes.validate().first?.description
/// // route "books/:bookID": parse never reads parameter "bookID" (it reads "id", which the pattern does not have)
/// ```
public struct RouteProblem: Equatable, Sendable, CustomStringConvertible {
  /// The route's pattern as written: `books/:bookID`.
  public var pattern: String
  /// The parameter the problem is about, when it is about one.
  public var parameter: String?
  /// A sentence naming the route and the parameter.
  public var description: String
}

extension NavigationRoutes {
  /// Checks the routes by trying them: each route's `parse` is called with the sample value
  /// `"1"` for every parameter, on the bottom of the stack and below every page the routes
  /// make (four pages deep), and each page made is printed back. Reported: a pattern parameter
  /// `parse` never reads, a name it reads that the pattern lacks, and a `print` that returns
  /// the wrong number of values (or none) for a page its route made. Debug builds run it when
  /// routes are declared and report each problem through ``NavigationWarnings``; call it from
  /// a test to fail on them.
  ///
  /// ```swift
  /// @Test func routesAreSound() { #expect(Route.routes.validate().isEmpty) }
  /// ```
  public func validate() -> [RouteProblem] {
    var problems: [RouteProblem] = []
    var readNames: [[String]] = Array(repeating: [], count: routes.count)
    var tried: [Bool] = Array(repeating: false, count: routes.count)
    var frontier: [UINavigationPath.Element?] = [nil]
    var seen: [UINavigationPath.Element] = []
    for _ in 0..<4 {
      var next: [UINavigationPath.Element?] = []
      for (index, route) in routes.enumerated() where !route.pattern.segments.isEmpty {
        var parameters = RouteParameters()
        for name in route.pattern.parameterNames { parameters.values.append((name, "1")) }
        for below in frontier {
          tried[index] = true
          var made: UINavigationPath.Element?
          readNames[index] += RouteParameterReads.recording { made = route.parse(parameters, below) }
          guard let made, !seen.contains(made) else { continue }
          seen.append(made)
          next.append(made)
          let pattern = route.pattern.text
          switch route.print(made) {
          case nil:
            problems.append(
              RouteProblem(pattern: pattern, parameter: nil, description: "route \"\(pattern)\": print returns nil for a page its parse made"))
          case let values? where values.count != route.pattern.parameterCount:
            problems.append(
              RouteProblem(
                pattern: pattern, parameter: nil,
                description:
                  "route \"\(pattern)\": print returns \(values.count) value(s) for \(route.pattern.parameterCount) parameter(s)"))
          default: break
          }
        }
      }
      if next.isEmpty { break }
      frontier = next
    }
    for (index, route) in routes.enumerated() where tried[index] {
      let pattern = route.pattern.text
      let names = route.pattern.parameterNames
      let unknown = readNames[index].filter { read in !names.contains { DOMString.equal($0, read) } }
      var hadUnread = false
      for name in names where !readNames[index].contains(where: { DOMString.equal($0, name) }) {
        hadUnread = true
        var description = "route \"\(pattern)\": parse never reads parameter \"\(name)\""
        if let other = unknown.first { description += " (it reads \"\(other)\", which the pattern does not have)" }
        problems.append(RouteProblem(pattern: pattern, parameter: name, description: description))
      }
      var reported: [String] = []
      for name in unknown where !hadUnread && !reported.contains(name) {
        reported.append(name)
        problems.append(
          RouteProblem(
            pattern: pattern, parameter: name,
            description: "route \"\(pattern)\": parse reads \"\(name)\", which the pattern does not have"))
      }
    }
    return problems
  }

  /// Debug builds report route mistakes where the routes are declared.
  func reportProblemsInDebugBuilds() {
    #if DEBUG
      for problem in validate() { NavigationWarnings.report(problem.description) }
    #endif
  }
}
