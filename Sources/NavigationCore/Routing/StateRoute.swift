import VirtualDOM

/// A URL segment bound to state that is neither a page nor a presentation: a filter or a tab
/// (`/active`, `/completed`), or a segment holding a value (`/tag/red`). Its segments come after
/// the pages' and before a presentation's; at its default it adds none.
///
/// ```swift
/// enum Filter: Equatable { case all, active, completed }
///
/// AppRoutes(
///   state: [StateRoute(model.$filter, default: .all, cases: [("active", .active), ("completed", .completed)])])
/// // model.filter == .active  ↔  "/active";  .all  ↔  "/"
/// ```
///
/// A change of it is a new history entry (a link click in a browser is one), never a pop.
public struct StateRoute {
  let pattern: URLPattern
  /// The action that applies the captured parameters, or `nil` when they name no value (the
  /// walk then tries the next route: the URL may be a 404).
  let parse: (RouteParameters) -> (() -> Void)?
  /// The parameter values of the current state, or `nil` at the default (no segment).
  let print: () -> [String]?
  /// Brings the state to its default: a URL without the segment was reached.
  let reset: () -> Void
  let place: AppRoutes.Place

  /// A value chosen by one literal segment each (a filter, a tab); `defaultValue` has none.
  ///
  /// ```swift
  /// StateRoute(model.$filter, default: .all, cases: [("active", .active), ("completed", .completed)])
  /// ```
  ///
  /// - Parameters:
  ///   - binding: The state.
  ///   - defaultValue: The value of a URL without any of the segments.
  ///   - cases: Each segment and its value, tried in order.
  ///   - place: Where the segment belongs (``AppRoutes/Place``): links and URLs elsewhere leave
  ///     it out, and URLs elsewhere leave the state as it is.
  public init<Value: Equatable>(
    _ binding: UIBinding<Value>, default defaultValue: Value, cases: [(segment: String, value: Value)],
    on place: AppRoutes.Place = .root
  ) {
    // One parameter reads the segment and the cases decide whether it names a value.
    pattern = URLPattern(segments: [.parameter("segment")])
    parse = { parameters in
      guard let segment = parameters.values.first?.value else { return nil }
      for entry in cases where DOMString.equal(entry.segment, segment) {
        let value = entry.value
        return { if binding.wrappedValue != value { binding.wrappedValue = value } }
      }
      return nil
    }
    print = {
      let current = binding.wrappedValue
      if current == defaultValue { return nil }
      for entry in cases where entry.value == current { return [entry.segment] }
      return nil
    }
    reset = { if binding.wrappedValue != defaultValue { binding.wrappedValue = defaultValue } }
    self.place = place
  }

  /// Segments with parameters bound to text (`tag/:name`): the first parameter is the state;
  /// `defaultValue` has no segment.
  ///
  /// ```swift
  /// StateRoute("tag/:name", model.$tag)          // model.tag == "red"  ↔  "/tag/red"
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: Segments as in ``NavigationRoute``'s, with one parameter.
  ///   - binding: The state.
  ///   - defaultValue: The value of a URL without the segments.
  ///   - place: Where the segments belong (``AppRoutes/Place``).
  public init(_ pattern: String, _ binding: UIBinding<String>, default defaultValue: String = "", on place: AppRoutes.Place = .root) {
    let pattern = URLPattern(pattern)
    self.pattern = pattern
    let name = pattern.parameterNames.first ?? ""
    parse = { parameters in
      guard let value = parameters.values.first(where: { DOMString.equal($0.name, name) })?.value,
        !DOMString.equal(value, defaultValue)
      else { return nil }
      return { if !DOMString.equal(binding.wrappedValue, value) { binding.wrappedValue = value } }
    }
    print = {
      let current = binding.wrappedValue
      return DOMString.equal(current, defaultValue) ? nil : [current]
    }
    reset = { if !DOMString.equal(binding.wrappedValue, defaultValue) { binding.wrappedValue = defaultValue } }
    self.place = place
  }
}
