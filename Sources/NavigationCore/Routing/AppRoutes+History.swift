import VirtualDOM

extension AppRoutes {
  /// How the browser's history takes the move from `old` to `new`:
  /// - ``HistoryMove/pop`` when pages were popped or the presentation closed and nothing else changed: the
  ///   page walks back to an entry it came from (or replaces the popped one);
  /// - ``HistoryMove/replace`` when only query parameters whose rule is `.replace` changed;
  /// - ``HistoryMove/push`` for everything else: a page pushed, a presentation opened, a filter or tab
  ///   changed (a link click, as browsers do it), a query parameter whose rule is `.push`.
  func historyMove(from old: String, to new: String) -> HistoryMove {
    guard case .success(let before) = find(old), case .success(let after) = find(new) else {
      return AppSession.isAncestor(new, of: old) ? .pop : .push
    }
    if !DOMString.equal(before.stateText, after.stateText) { return .push }
    let oldPages = before.path.elements
    let newPages = after.path.elements
    let samePages = oldPages == newPages
    let oldPresentation = before.presentation.map { $0.route.pattern.text + "|" + presentedSegments(before) }
    let newPresentation = after.presentation.map { $0.route.pattern.text + "|" + presentedSegments(after) }
    if samePages && Self.same(oldPresentation, newPresentation) {
      return queryMove(from: URLText.split(old).query, to: URLText.split(new).query)
    }
    let popped =
      newPresentation == nil && newPages.count <= oldPages.count
      && Array(oldPages.prefix(newPages.count)) == newPages
    return popped ? .pop : .push
  }

  /// Text equality without String's Unicode tables (they would weigh on the WebAssembly module).
  private static func same(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return DOMString.equal(a, b)
  }

  private func presentedSegments(_ found: RouteWalk.Found) -> String {
    // As an array: a slice has its own `joined` in the WebAssembly module.
    Array(found.segments.dropFirst(found.pageSegmentCount + found.stateSegmentCount)).joined(separator: "/")
  }

  private func queryMove(from oldQuery: String?, to newQuery: String?) -> HistoryMove {
    let oldPairs = oldQuery.map(URLText.queryPairs) ?? []
    let newPairs = newQuery.map(URLText.queryPairs) ?? []
    for parameter in query where parameter.history == .push {
      if !Self.same(Self.value(of: parameter.name, in: oldPairs), Self.value(of: parameter.name, in: newPairs)) {
        return .push
      }
    }
    return .replace
  }

  private static func value(of name: String, in pairs: [(name: String, value: String)]) -> String? {
    for pair in pairs where DOMString.equal(pair.name, name) { return pair.value }
    return nil
  }
}
