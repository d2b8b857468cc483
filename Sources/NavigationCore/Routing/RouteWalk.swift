import VirtualDOM

/// Reading a URL path against routes: the pages it names, then state segments (filters, tabs),
/// then a presentation owning the rest, or a reason naming the closest pattern and the segment
/// that failed. Reading applies nothing: the state segments' actions are returned.
///
/// One rule for empty segments: there are none. `/books//1` and `/books/1/` are 404s whose
/// reason names the canonical form; only `/` (the root) ends with a slash.
struct RouteWalk {
  let pages: [NavigationRoute]
  let presentations: [PresentationRoute]
  var states: [StateRoute] = []

  struct Found {
    var path: UINavigationPath
    /// The state segments after the pages: each route's index in `states` and the action that
    /// applies its value.
    var states: [(index: Int, apply: () -> Void)] = []
    /// The presentation owning the segments after the pages, with its parameters.
    var presentation: (route: PresentationRoute, parameters: RouteParameters)?
    /// The decoded segments, and how many of them the pages and the state segments took.
    var segments: [String] = []
    var pageSegmentCount = 0
    var stateSegmentCount = 0

    /// The state segments as one text (`active`), for comparing two URLs' states.
    var stateText: String {
      // As an array: a slice has its own `joined` in the WebAssembly module.
      Array(segments[pageSegmentCount..<(pageSegmentCount + stateSegmentCount)]).joined(separator: "/")
    }
  }

  /// The decoded segments of a URL's path, or why the path is not canonical.
  static func segments(ofPath pathPart: String, url: String) -> Result<[String], RouteError> {
    let bytes = Array(pathPart.utf8)
    if bytes.count > 1 {
      var previousWasSlash = false
      for (index, byte) in bytes.enumerated() {
        let isSlash = byte == UInt8(ascii: "/")
        if isSlash && (previousWasSlash || index == bytes.count - 1) {
          let canonical = "/" + URLText.pieces(of: pathPart, separatedBy: UInt8(ascii: "/")).joined(separator: "/")
          return .failure(
            RouteError(
              url: url,
              reason: "\(pathPart) has an empty segment or a trailing /; URLs have neither (did you mean \(canonical)?)"
            ))
        }
        previousWasSlash = isSlash
      }
    }
    var segments: [String] = []
    for raw in URLText.pieces(of: pathPart, separatedBy: UInt8(ascii: "/")) {
      guard let segment = PercentEncoding.decode(raw) else {
        return .failure(RouteError(url: url, reason: "badly percent-encoded segment \"\(raw)\" in \(url)"))
      }
      segments.append(segment)
    }
    return .success(segments)
  }

  func walk(_ segments: [String], pathPart: String, url: String) -> Result<Found, RouteError> {
    var found = Found(path: UINavigationPath(), segments: segments)
    var position = 0
    var below: UINavigationPath.Element?
    while position < segments.count {
      if found.states.isEmpty, let (element, length) = page(at: position, of: segments, below: below) {
        found.path.append(element)
        below = element
        position += length
        found.pageSegmentCount = position
        continue
      }
      if let (index, apply, length) = state(at: position, of: segments, taken: found.states) {
        found.states.append((index, apply))
        position += length
        found.stateSegmentCount += length
        continue
      }
      for route in presentations where route.pattern.segments.count == segments.count - position {
        if let parameters = route.pattern.match(segments, from: position) {
          found.presentation = (route, parameters)
          return .success(found)
        }
      }
      return .failure(RouteError(url: url, reason: diagnosis(at: position, of: segments, below: below, pathPart: pathPart)))
    }
    return .success(found)
  }

  /// The first state route not yet taken whose pattern matches at `position` and names a value.
  private func state(
    at position: Int, of segments: [String], taken: [(index: Int, apply: () -> Void)]
  ) -> (Int, () -> Void, Int)? {
    for (index, route) in states.enumerated() where !taken.contains(where: { $0.index == index }) {
      guard !route.pattern.segments.isEmpty, let parameters = route.pattern.match(segments, from: position),
        let apply = route.parse(parameters)
      else { continue }
      return (index, apply, route.pattern.segments.count)
    }
    return nil
  }

  private func page(
    at position: Int, of segments: [String], below: UINavigationPath.Element?
  ) -> (UINavigationPath.Element, Int)? {
    for route in pages {
      // A pattern with no segments would match without moving on.
      guard !route.pattern.segments.isEmpty,
        let parameters = route.pattern.match(segments, from: position),
        let element = route.parse(parameters, below)
      else { continue }
      return (element, route.pattern.segments.count)
    }
    return nil
  }

  /// Why nothing matched at `position`: the pattern that came closest and where it failed.
  private func diagnosis(
    at position: Int, of segments: [String], below: UINavigationPath.Element?, pathPart: String
  ) -> String {
    let head = "no route for \"\(segments[position])\" at \(pathPart)"
    #if hasFeature(Embedded)
      // In a WebAssembly module nobody reads a 404's reason but the console, and the closest-
      // pattern search with its sentences costs 1.5 KB gzip (measured): the plain reason.
      return head
    #else
    var best: (pattern: URLPattern, parse: NavigationRoute?, matched: Int)?
    for route in pages where !route.pattern.segments.isEmpty {
      let matched = route.pattern.matchedCount(segments, from: position)
      if matched > 0 && matched > (best?.matched ?? 0) { best = (route.pattern, route, matched) }
    }
    for route in presentations where !route.pattern.segments.isEmpty {
      let matched = route.pattern.matchedCount(segments, from: position)
      if matched > 0 && matched > (best?.matched ?? 0) { best = (route.pattern, nil, matched) }
    }
    guard let best else { return head + nearMiss(of: segments[position]) }
    let pattern = best.pattern
    if best.matched < pattern.segments.count {
      if position + best.matched >= segments.count {
        return head + "; closest is \"\(pattern.text)\", which needs \(pattern.segments.count - best.matched) more segment(s)"
      }
      var expected = ""
      if case .literal(let literal) = pattern.segments[best.matched] { expected = literal }
      return head
        + "; closest is \"\(pattern.text)\", whose segment \"\(expected)\" does not match \"\(segments[position + best.matched])\""
    }
    guard let route = best.parse, let parameters = pattern.match(segments, from: position) else {
      return head + "; \"\(pattern.text)\" matches but owns only the last segments of a URL"
    }
    // Tried again, recording which parameter names its parse asks for.
    let reads = RouteParameterReads.recording { _ = route.parse(parameters, below) }
    for name in reads where !pattern.parameterNames.contains(where: { DOMString.equal($0, name) }) {
      return head + "; \"\(pattern.text)\" matches but its parse reads \"\(name)\", which the pattern does not have"
    }
    return head + "; \"\(pattern.text)\" matches but its parse made no page of it here"
    #endif
  }
}

extension RouteWalk {
  /// When no pattern matches even its first segment: the one whose first literal shares the
  /// longest beginning (two bytes at least) with `segment`, a likely typo.
  fileprivate func nearMiss(of segment: String) -> String {
    var best: (text: String, literal: String, shared: Int)?
    let typed = Array(segment.utf8)
    var patterns: [URLPattern] = []
    for route in pages { patterns.append(route.pattern) }
    for route in presentations { patterns.append(route.pattern) }
    for pattern in patterns {
      guard case .literal(let literal)? = pattern.segments.first else { continue }
      var shared = 0
      for (a, b) in zip(typed, literal.utf8) {
        if a != b { break }
        shared += 1
      }
      if shared >= 2 && shared > (best?.shared ?? 0) { best = (pattern.text, literal, shared) }
    }
    guard let best else { return "" }
    return "; closest is \"\(best.text)\", whose segment \"\(best.literal)\" does not match \"\(segment)\""
  }
}

/// Recording the parameter names route `parse` closures ask for (see `RouteParameters`).
enum RouteParameterReads {
  static func recording(_ body: () -> Void) -> [String] {
    let state = RuntimeState.current
    let saved = state.routeParameterReads
    state.routeParameterReads = []
    body()
    let reads = state.routeParameterReads ?? []
    state.routeParameterReads = saved
    return reads
  }
}
