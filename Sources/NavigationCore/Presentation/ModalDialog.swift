import VirtualDOM

/// The `<dialog>` every presentation lowers to (see docs/NAVIGATION.md for the markup contract).
enum ModalDialog {
  // Out of line: sheets, alerts and confirmation dialogs each call it from their own closure,
  // and inlined there it would be three copies in the WebAssembly module.
  @inline(never)
  static func make(
    className: String, key: String, domID: String, role: String? = nil,
    label: String?, describedBy: String? = nil, content: [Node],
    dismiss: @escaping () -> Void
  ) -> Node {
    var options: [ElementOption] = [.key(key), .attribute("id", domID), .attribute("class", className)]
    if let role { options.append(.attribute("role", role)) }
    var children = content
    if let label {
      options.append(.attribute("aria-label", label))
    } else {
      let labelled = Labelling.labelFirstHeading(in: content, fallbackID: domID + "-title")
      children = labelled.nodes
      if let id = labelled.id {
        options.append(.attribute("aria-labelledby", id))
      } else {
        NavigationWarnings.report(
          "the dialog \"\(domID)\" has no heading and no label; give its content a heading (h1-h6) or pass label:")
      }
    }
    if let describedBy { options.append(.attribute("aria-describedby", describedBy)) }
    options.append(.attribute("open", ""))
    options.append(.mount(.showModal))
    options.append(.on("cancel") { _ in dismiss() })
    options.append(.on("close") { _ in dismiss() })
    return makeElement("dialog", options, children: children)
  }

  /// A closure that nils `binding`, but only while it still presents `presentationID`: an event
  /// from a destination that was switched away (or re-identified) changes nothing.
  static func dismissal<Item>(of binding: UIBinding<Item?>, presentationID: String) -> () -> Void {
    {
      guard DOMString.equal(binding.presentationID(), presentationID) else { return }
      binding.wrappedValue = nil
    }
  }

  /// Builds `content` as the presentation of `binding`, in its own scope, and puts the dialog
  /// `make` builds from it in the pass's top layer (returning the presenter), or, outside a
  /// runtime, returns the presenter followed by the dialog.
  ///
  /// Only what depends on `Item` (reading the binding, the dismissal) is done here; the rest
  /// is ``present(_:kind:name:identity:onDismiss:content:dismiss:make:)``, one copy for every
  /// item type, so the WebAssembly module does not carry it once per presentation. `content`
  /// unwraps the binding itself if it needs it (a sheet's does; an alert's has no content), so
  /// alerts and confirmation dialogs carry no unwrapping binding of their state's type.
  static func present<Item>(
    _ presenter: Node, kind: String, item binding: UIBinding<Item?>, onDismiss: (() -> Void)?,
    content: () -> [Node] = { [] },
    make: (_ key: String, _ domID: String, _ content: [Node], _ dismiss: @escaping () -> Void) -> Node
  ) -> Node {
    let item = binding.wrappedValue
    guard item != nil else {
      RenderContext.current?.skip(kind: kind, name: binding.presentationName)
      return presenter
    }
    // What `presentationID()` says, from the item just read rather than a second read.
    let identity = binding.presentationIdentity.map { $0(item) }
    let presentationID = presentationKey(name: binding.presentationName, identity: identity)
    return present(
      presenter, kind: kind, name: binding.presentationName, identity: identity,
      onDismiss: onDismiss, content: content, dismiss: dismissal(of: binding, presentationID: presentationID),
      make: make)
  }

  @inline(never)
  static func present(
    _ presenter: Node, kind: String, name: String, identity: String?, onDismiss: (() -> Void)?,
    content: () -> [Node], dismiss: @escaping () -> Void,
    make: (_ key: String, _ domID: String, _ content: [Node], _ dismiss: @escaping () -> Void) -> Node
  ) -> Node {
    let context = RenderContext.currentOrTemporary()
    return context.run {
      let (key, domID) = context.claim(kind: kind, name: name, identity: identity)
      // The dialog's place in the top layer comes before the dialogs its content presents.
      let place = context.topLayer.count
      if context.collectsTopLayer { context.topLayer.append(.fragment([])) }
      let (body, scope) = context.present(
        key: key, domID: domID, name: name, presentationID: presentationKey(name: name, identity: identity),
        isModal: true, onDismiss: onDismiss, release: dismiss, content)
      // Escape and a `close` the app did not ask for are the user's dismissal, which the
      // content may refuse (`interactiveDismissDisabled`); alerts have no content to refuse it.
      let dialog = make(key, domID, body, scope.refusal ?? dismiss)
      guard context.collectsTopLayer else { return .fragment([presenter, dialog]) }
      context.topLayer[place] = dialog
      return presenter
    }
  }
}
