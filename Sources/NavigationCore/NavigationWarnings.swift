/// Where navigation reports mistakes it can recover from: a `push(value:)` outside a stack, a path
/// value no `navigationDestination(for:)` handles, a dialog without a label.
///
/// By default warnings are printed. Install ``handler`` to collect them instead, e.g. in tests:
///
/// ```swift
/// var warnings: [String] = []
/// NavigationWarnings.handler = { warnings.append($0) }
/// defer { NavigationWarnings.handler = NavigationWarnings.printing }
/// model.path.append(Unregistered())
/// ObservationScheduler.flush()
/// #expect(warnings.count == 1)
/// ```
public enum NavigationWarnings {
  /// Prints a warning to standard output, prefixed with `navdom warning: `.
  ///
  /// ```swift
  /// NavigationWarnings.handler = NavigationWarnings.printing
  /// ```
  public static let printing: (String) -> Void = { message in print("navdom warning: " + message) }

  /// Receives every warning; ``printing`` by default.
  ///
  /// ```swift
  /// NavigationWarnings.handler = { message in log.append(message) }
  /// ```
  public static var handler: (String) -> Void = printing

  /// Reports a warning through ``handler``.
  ///
  /// ```swift
  /// NavigationWarnings.report("push(value:) was called outside a NavigationStack")
  /// ```
  public static func report(_ message: String) {
    handler(message)
  }
}
