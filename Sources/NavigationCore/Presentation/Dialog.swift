import VirtualDOM

extension Node {
  /// Presents a modal `<dialog class="navigation-sheet">` while `item` is non-nil.
  ///
  /// The dialog follows the node it is attached to, is keyed by the binding's
  /// ``UIBinding/presentationID()`` (a different item replaces it), is rendered `open` for the
  /// server and opened with `showModal()` in the browser. Its first heading labels it
  /// (`aria-labelledby`), unless you pass `label`. Escape (`cancel`) or a `method="dialog"` button
  /// (`close`) nils `item`, but only while it still presents the same destination; so does the
  /// presentation going away with its presenter (a page popped, a parent dismissed), so state
  /// follows what is shown. Content can refuse the user's dismissal with
  /// ``VirtualDOM/Node/interactiveDismissDisabled(_:onDismissAttempt:)``.
  ///
  /// ```swift
  /// final class InventoryModel {
  ///   @Observed var editing: Item?
  /// }
  ///
  /// let model = InventoryModel()
  /// main {
  ///   h1 { "Inventory" }
  /// }
  /// .sheet(item: model.$editing.identified()) { item in
  ///   h2 { "Edit \(item.wrappedValue.name)" }
  /// }
  /// // <main>…</main>
  /// // <dialog id="sheet-1" class="navigation-sheet" aria-labelledby="sheet-1-title" open="">
  /// //   <h2 id="sheet-1-title">Edit Hammer</h2>
  /// // </dialog>
  /// ```
  ///
  /// - Parameters:
  ///   - item: The presented value; `nil` dismisses.
  ///   - label: An accessible name (`aria-label`) for dialogs without a heading.
  ///   - onDismiss: Called once each time this presentation goes away: dismissed by the user,
  ///     set to `nil` in code, switched to another destination or item, gone with its presenter
  ///     (needs a ``NavigationRuntime``).
  ///   - content: The dialog's content, given a binding to the unwrapped item.
  /// - Returns: This node followed by the dialog, or this node alone while `item` is `nil`.
  public func sheet<Item>(
    item: UIBinding<Item?>, label: String? = nil, onDismiss: (() -> Void)? = nil,
    @NodeBuilder content: (UIBinding<Item>) -> Node
  ) -> Node {
    modal(className: "navigation-sheet", kind: "sheet", item: item, label: label, onDismiss: onDismiss, content: content)
  }

  /// Presents a modal `<dialog class="navigation-full-screen-cover">` while `item` is non-nil.
  ///
  /// Behaves as ``sheet(item:label:onDismiss:content:)``; only the class differs, so a style
  /// sheet can cover the whole viewport.
  ///
  /// ```swift
  /// extension UIBinding where Value == Destination? {
  ///   var onboarding: UIBinding<Void?> { self.case("onboarding", Destination.onboarding) }
  /// }
  ///
  /// content.fullScreenCover(item: model.$destination.onboarding) { _ in
  ///   h1 { "Welcome" }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - item: The presented value; `nil` dismisses.
  ///   - label: An accessible name for covers without a heading.
  ///   - onDismiss: Called once per dismissal.
  ///   - content: The cover's content.
  /// - Returns: This node followed by the dialog.
  public func fullScreenCover<Item>(
    item: UIBinding<Item?>, label: String? = nil, onDismiss: (() -> Void)? = nil,
    @NodeBuilder content: (UIBinding<Item>) -> Node
  ) -> Node {
    modal(
      className: "navigation-full-screen-cover", kind: "fullScreenCover", item: item, label: label,
      onDismiss: onDismiss, content: content)
  }

  /// Presents a modal `<dialog class="navigation-popover">` while `item` is non-nil.
  ///
  /// Behaves as ``sheet(item:label:onDismiss:content:)``; a style sheet can place it near its
  /// presenter.
  ///
  /// ```swift
  /// button { "Filter" }.popover(item: model.$filterOptions) { options in
  ///   h2 { "Filter" }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - item: The presented value; `nil` dismisses.
  ///   - label: An accessible name for popovers without a heading.
  ///   - onDismiss: Called once per dismissal.
  ///   - content: The popover's content.
  /// - Returns: This node followed by the dialog.
  public func popover<Item>(
    item: UIBinding<Item?>, label: String? = nil, onDismiss: (() -> Void)? = nil,
    @NodeBuilder content: (UIBinding<Item>) -> Node
  ) -> Node {
    modal(
      className: "navigation-popover", kind: "popover", item: item, label: label, onDismiss: onDismiss,
      content: content)
  }

  private func modal<Item>(
    className: String, kind: String, item: UIBinding<Item?>, label: String?,
    onDismiss: (() -> Void)?, content: (UIBinding<Item>) -> Node
  ) -> Node {
    ModalDialog.present(
      self, kind: kind, item: item, onDismiss: onDismiss,
      // Presented, so the binding holds an item: it unwraps (`presentationID` was not nil).
      content: { UIBinding(item).map { content($0).flattened } ?? [] }
    ) { key, domID, body, dismiss in
      ModalDialog.make(
        className: className, key: key, domID: domID, label: label, content: body, dismiss: dismiss)
    }
  }
}
