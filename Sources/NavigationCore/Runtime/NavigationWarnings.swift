/// Where navigation reports mistakes it can recover from: a `push(value:)` outside a stack, a path
/// value no `navigationDestination(for:)` handles, a dialog without a label.
///
/// By default warnings are printed. A runtime's warnings go to its
/// ``NavigationRuntime/warningHandler`` when it has one, else to the handler of the thread the
/// runtime works on: install ``handler`` to collect a thread's warnings, e.g. in a test (tests
/// running in parallel on other threads keep their own):
///
/// ```swift
/// var warnings: [String] = []
/// NavigationWarnings.handler = { warnings.append($0) }
/// defer { NavigationWarnings.handler = NavigationWarnings.printing }
/// NavigationWarnings.report("push(value:) was called outside a NavigationStack")
/// #expect(warnings.count == 1)
/// ```
public enum NavigationWarnings {
  /// Prints a warning to standard output, prefixed with `navdom warning: `.
  ///
  /// ```swift
  /// NavigationWarnings.handler = NavigationWarnings.printing
  /// ```
  public static let printing: @Sendable (String) -> Void = { message in print("navdom warning: " + message) }

  /// Receives the warnings of the calling thread (and of runtimes without a handler of their own
  /// working on it); ``printing`` by default.
  ///
  /// ```swift
  /// NavigationWarnings.handler = { message in warnings.append(message) }
  /// ```
  public static var handler: (String) -> Void {
    get { CurrentRuntimeState.threadDefault.warningHandler ?? printing }
    set { CurrentRuntimeState.threadDefault.warningHandler = newValue }
  }

  /// Reports a warning: to the running runtime's handler, else to ``handler``.
  ///
  /// ```swift
  /// NavigationWarnings.report("push(value:) was called outside a NavigationStack")
  /// ```
  public static func report(_ message: String) {
    RuntimeState.current.report(message)
  }
}
