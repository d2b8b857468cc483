import VirtualDOM

/// The body shared by alerts and confirmation dialogs: heading, message, and a
/// `<form method="dialog">` of buttons, the cancel button last.
enum AlertMarkup {
  static func body<Action>(
    domID: String, title: TextState?, message: TextState?, buttons: [ButtonState<Action>],
    perform: @escaping (ButtonState<Action>) -> Void
  ) -> [Node] {
    // Lowered to action-free buttons first, so the markup below is built by one copy of the
    // code whatever `Action` is (the WebAssembly module pays for each generic copy).
    var lowered: [LoweredButton] = []
    for button in buttons {
      lowered.append(LoweredButton(role: button.role, label: button.label, press: { perform(button) }))
    }
    return body(domID: domID, title: title, message: message, buttons: lowered)
  }

  /// A button of an alert with its action bound.
  struct LoweredButton {
    var role: ButtonStateRole?
    var label: TextState
    var press: () -> Void
  }

  @inline(never)
  static func body(domID: String, title: TextState?, message: TextState?, buttons: [LoweredButton]) -> [Node] {
    var nodes: [Node] = []
    if let title {
      nodes.append(makeElement("h2", [.attribute("id", domID + "-title")], children: title.nodes))
    }
    if let message {
      nodes.append(makeElement("p", [.attribute("id", domID + "-message")], children: message.nodes))
    }
    var ordered: [LoweredButton] = []
    for button in buttons where button.role != .cancel { ordered.append(button) }
    for button in buttons where button.role == .cancel { ordered.append(button) }
    var buttonNodes: [Node] = []
    for button in ordered {
      let role: String? = button.role == .cancel ? "cancel" : button.role == .destructive ? "destructive" : nil
      var options: [ElementOption] = [
        .attribute("class", role.map { "navigation-button navigation-button-" + $0 } ?? "navigation-button")
      ]
      if let role { options.append(.attribute("data-role", role)) }
      // showModal() focuses this, so Enter on an alert never confirms a destructive action.
      if button.role == .cancel { options.append(.attribute("autofocus", "")) }
      options.append(.onClick(button.press))
      buttonNodes.append(makeElement("button", options, children: button.label.nodes))
    }
    nodes.append(makeElement("form", [.attribute("method", "dialog")], children: buttonNodes))
    return nodes
  }

  /// Runs the button's action (in its animation transaction), then dismisses.
  static func perform<Action>(
    _ button: ButtonState<Action>, handler: @escaping (Action?) -> Void, dismiss: @escaping () -> Void
  ) {
    button.withAction { action in handler(action) }
    dismiss()
  }
}
