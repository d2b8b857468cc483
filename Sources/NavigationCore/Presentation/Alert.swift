import VirtualDOM

extension Node {
  /// Presents an `AlertState` as `<dialog role="alertdialog">` while `state` is non-nil.
  ///
  /// The title is an `<h2>` that labels the dialog, the message a `<p>` that describes it, and the
  /// buttons sit in a `<form method="dialog">`: other buttons in the order given, the cancel button
  /// last; roles are marked with `data-role` and a class. Pressing a button runs `action` with its
  /// action first, then nils `state` (if it still presents this alert). Escape nils `state`.
  ///
  /// ```swift
  /// final class ItemModel {
  ///   @Observed var alert: AlertState<AlertAction>?
  ///   enum AlertAction { case confirmDelete }
  ///   func deleteTapped() {
  ///     alert = AlertState {
  ///       TextState("Delete Hammer?")
  ///     } actions: {
  ///       ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
  ///       ButtonState(role: .cancel) { TextState("Cancel") }
  ///     } message: {
  ///       TextState("This cannot be undone.")
  ///     }
  ///   }
  /// }
  ///
  /// article { h1 { "Hammer" } }
  ///   .alert(model.$alert) { action in if action == .confirmDelete { model.delete() } }
  /// // <dialog id="alert" class="navigation-alert" role="alertdialog"
  /// //   aria-labelledby="alert-title" aria-describedby="alert-message" open>
  /// //   <h2 id="alert-title">Delete Hammer?</h2>
  /// //   <p id="alert-message">This cannot be undone.</p>
  /// //   <form method="dialog">
  /// //     <button class="navigation-button navigation-button-destructive" data-role="destructive">Delete</button>
  /// //     <button class="navigation-button navigation-button-cancel" data-role="cancel">Cancel</button>
  /// //   </form>
  /// // </dialog>
  /// ```
  ///
  /// - Parameters:
  ///   - state: The alert to show; `nil` dismisses.
  ///   - onDismiss: Called once per dismissal (needs a ``NavigationRuntime``).
  ///   - handler: Receives the pressed button's action (`nil` for a button without one).
  /// - Returns: This node followed by the alert's dialog.
  public func alert<Action>(
    _ state: UIBinding<AlertState<Action>?>, onDismiss: (() -> Void)? = nil,
    action handler: @escaping (Action?) -> Void = { _ in }
  ) -> Node {
    guard let alert = state.wrappedValue else {
      RenderContext.current?.skip(kind: "alert", name: state.presentationName)
      return self
    }
    // After what presents it, as presentations render: its title is the top-most one.
    if let title = alert.pageTitle { RenderContext.current?.title = title }
    return ModalDialog.present(
      self, kind: "alert", item: state, onDismiss: onDismiss
    ) { key, domID, _, dismiss in
      let body = AlertMarkup.body(
        domID: domID, title: alert.title, message: alert.message, buttons: alert.buttons
      ) { button in AlertMarkup.perform(button, handler: handler, dismiss: dismiss) }
      return ModalDialog.make(
        className: "navigation-alert", key: key, domID: domID, role: "alertdialog", label: nil,
        describedBy: alert.message == nil ? nil : domID + "-message", content: body, dismiss: dismiss)
    }
  }

  /// Presents `state` with `handler` as a trailing closure: `.alert(model.$alert) { action in … }`.
  ///
  /// The same as ``alert(_:onDismiss:action:)`` without `onDismiss`; it exists so a trailing
  /// closure binds to the action handler directly rather than by Swift's deprecated backward
  /// matching past the optional `onDismiss`.
  ///
  /// ```swift
  /// content.alert(model.$alert) { action in model.handle(action) }
  /// ```
  public func alert<Action>(
    _ state: UIBinding<AlertState<Action>?>, action handler: @escaping (Action?) -> Void
  ) -> Node {
    alert(state, onDismiss: nil, action: handler)
  }
}
