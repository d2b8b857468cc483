import VirtualDOM

extension Node {
  /// Presents a `ConfirmationDialogState` as `<dialog role="alertdialog"
  /// class="navigation-confirmation-dialog">` while `state` is non-nil.
  ///
  /// Like ``alert(_:onDismiss:action:)``, with two differences: a hidden title
  /// (`titleVisibility: .hidden`) is not shown and names the dialog through `aria-label` instead,
  /// and a "Cancel" button (cancel role) is added when no button has the cancel role, so the
  /// dialog can always be left without choosing.
  ///
  /// ```swift
  /// model.confirmation = ConfirmationDialogState(titleVisibility: .hidden) {
  ///   TextState("Item actions")
  /// } actions: {
  ///   ButtonState(action: .duplicate) { TextState("Duplicate") }
  ///   ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
  /// }
  ///
  /// article { h1 { "Hammer" } }
  ///   .confirmationDialog(model.$confirmation) { action in model.handle(action) }
  /// // <dialog id="confirmationDialog" class="navigation-confirmation-dialog" role="alertdialog"
  /// //   aria-label="Item actions" open>
  /// //   <form method="dialog">… Duplicate, Delete, Cancel …</form>
  /// // </dialog>
  /// ```
  ///
  /// - Parameters:
  ///   - state: The dialog to show; `nil` dismisses.
  ///   - onDismiss: Called once per dismissal (needs a ``NavigationRuntime``).
  ///   - handler: Receives the pressed button's action.
  /// - Returns: This node followed by the dialog.
  public func confirmationDialog<Action>(
    _ state: UIBinding<ConfirmationDialogState<Action>?>, onDismiss: (() -> Void)? = nil,
    action handler: @escaping (Action?) -> Void = { _ in }
  ) -> Node {
    guard let dialog = state.wrappedValue else {
      RenderContext.current?.skip(kind: "confirmationDialog", name: state.presentationName)
      return self
    }
    var buttons = dialog.buttons
    if !buttons.contains(where: { $0.role == .cancel }) {
      buttons.append(ButtonState(role: .cancel, action: .send(nil), label: { TextState("Cancel") }))
    }
    let showsTitle = dialog.isTitleVisible
    // After what presents it, as presentations render: its title is the top-most one.
    if let title = dialog.pageTitle { RenderContext.current?.title = title }
    return ModalDialog.present(
      self, kind: "confirmationDialog", item: state, onDismiss: onDismiss
    ) { key, domID, _, dismiss in
      let body = AlertMarkup.body(
        domID: domID, title: showsTitle ? dialog.title : nil, message: dialog.message,
        buttons: buttons
      ) { button in AlertMarkup.perform(button, handler: handler, dismiss: dismiss) }
      return ModalDialog.make(
        className: "navigation-confirmation-dialog", key: key, domID: domID, role: "alertdialog",
        label: showsTitle ? nil : dialog.title.plainText,
        describedBy: dialog.message == nil ? nil : domID + "-message", content: body, dismiss: dismiss)
    }
  }

  /// Presents `state` with `handler` as a trailing closure: `.confirmationDialog(model.$confirmation) { action in … }`.
  ///
  /// The same as ``confirmationDialog(_:onDismiss:action:)`` without `onDismiss`; it exists so a trailing
  /// closure binds to the action handler directly rather than by Swift's deprecated backward
  /// matching past the optional `onDismiss`.
  ///
  /// ```swift
  /// content.confirmationDialog(model.$confirmation) { action in model.handle(action) }
  /// ```
  public func confirmationDialog<Action>(
    _ state: UIBinding<ConfirmationDialogState<Action>?>, action handler: @escaping (Action?) -> Void
  ) -> Node {
    confirmationDialog(state, onDismiss: nil, action: handler)
  }
}
