import VirtualDOM

extension Node {
  /// Refuses the user's dismissal of the sheet, cover or popover this node is in while
  /// `isDisabled` is true, and calls `onDismissAttempt` instead (SwiftUI's
  /// `interactiveDismissDisabled(_:)`, with the attempt swift-navigation users answer with a
  /// "Discard changes?" alert).
  ///
  /// The user's dismissal is Escape (`cancel`), a close the app did not ask for (`close`) and,
  /// in an ``AppSession``, the browser's Back and Forward buttons while the presentation is up.
  /// The app's own dismissal (setting the binding to `nil`, a button that does) is never
  /// refused. Call it anywhere in the presentation's content, also on a page of a stack inside
  /// it; outside a presentation it does nothing.
  ///
  /// ```swift
  /// main { h1 { "Projects" } }
  ///   .sheet(item: model.$draft) { draft in
  ///     h2 { "New project" }
  ///     input(.value(draft.wrappedValue.name), .onInput { draft.wrappedValue.name = $0 })
  ///       .interactiveDismissDisabled(draft.wrappedValue.isDirty) { model.askToDiscard() }
  ///   }
  /// // Escape now calls askToDiscard(), which presents a "Discard changes?" alert.
  /// ```
  ///
  /// - Parameters:
  ///   - isDisabled: Whether the user's dismissal is refused now.
  ///   - onDismissAttempt: Called, as the event's action, each time a dismissal is refused.
  /// - Returns: This node, unchanged.
  public func interactiveDismissDisabled(
    _ isDisabled: Bool = true, onDismissAttempt: (() -> Void)? = nil
  ) -> Node {
    guard isDisabled, let scope = RenderContext.current?.modalScope else { return self }
    scope.refusal = onDismissAttempt ?? {}
    return self
  }
}
