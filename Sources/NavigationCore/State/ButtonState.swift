/// A button of an alert or confirmation dialog, as data: a label, an optional role, an action.
///
/// ```swift
/// ButtonState<AlertAction>(role: .destructive, action: .confirmDelete) {
///   TextState("Delete")
/// }
/// ```
public struct ButtonState<Action> {
  /// What the button does, if anything.
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState
  /// How the button is presented and treated (cancel, destructive), or `nil` for a plain one.
  public let role: ButtonStateRole?

  /// Creates a button that sends `action` when pressed.
  ///
  /// ```swift
  /// ButtonState<AlertAction>(action: .undo) { TextState("Undo") }
  /// ```
  ///
  /// - Parameters:
  ///   - role: The button's role, if any.
  ///   - action: The action sent when the button is pressed.
  ///   - label: The button's text.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action>,
    label: () -> TextState
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// Creates a button that sends `action` (or nothing) when pressed.
  ///
  /// ```swift
  /// ButtonState<AlertAction>(role: .cancel) { TextState("Nevermind") }
  /// ```
  ///
  /// - Parameters:
  ///   - role: The button's role, if any.
  ///   - action: The action sent when the button is pressed; `nil` just dismisses.
  ///   - label: The button's text.
  public init(role: ButtonStateRole? = nil, action: Action? = nil, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Performs the button's action with `perform`, inside the transaction the action asks for.
  ///
  /// ```swift
  /// let delete = ButtonState<AlertAction>(role: .destructive, action: .confirmDelete) { TextState("Delete") }
  /// delete.withAction { action in model.alertButtonTapped(action) }
  /// ```
  ///
  /// - Parameter perform: Receives the action (`nil` for a button without one).
  public func withAction(_ perform: (Action?) -> Void) {
    if let isAnimated = action.isAnimated {
      var transaction = UITransaction()
      transaction.disablesAnimations = !isAnimated
      withUITransaction(transaction) { perform(action.action) }
    } else {
      perform(action.action)
    }
  }

  /// The same button with its action transformed.
  ///
  /// ```swift
  /// let delete = ButtonState<AlertAction>(role: .destructive, action: .confirmDelete) { TextState("Delete") }
  /// let parentButton = delete.map { $0.map(ParentAction.alert) }
  /// ```
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform), label: { label })
  }
}

/// The role of a button in an alert or dialog.
///
/// ```swift
/// ButtonState<AlertAction>(role: .cancel) { TextState("Cancel") }
/// ```
public enum ButtonStateRole: Hashable, Sendable {
  /// Dismisses without doing anything; Escape and the browser's back button act like it.
  case cancel
  /// Does something that cannot be undone; usually styled as a warning.
  case destructive
}

/// What pressing a button sends, and whether the change it causes should animate.
///
/// ```swift
/// ButtonState<AlertAction>(action: .send(.confirmDelete, animated: true)) { TextState("Delete") }
/// ```
public struct ButtonStateAction<Action> {
  /// The action sent, or `nil` for a button that only dismisses.
  public let action: Action?
  /// `true` to force animation on, `false` to force it off, `nil` to leave the current
  /// transaction alone.
  public let isAnimated: Bool?

  /// An action sent in the current transaction.
  ///
  /// ```swift
  /// ButtonStateAction<AlertAction>.send(.confirmDelete)
  /// ```
  public static func send(_ action: Action?) -> ButtonStateAction {
    ButtonStateAction(action: action, isAnimated: nil)
  }

  /// An action sent with animation switched on or off (through
  /// ``UITransaction/disablesAnimations``).
  ///
  /// ```swift
  /// ButtonStateAction<AlertAction>.send(.undo, animated: false)
  /// ```
  public static func send(_ action: Action?, animated: Bool) -> ButtonStateAction {
    ButtonStateAction(action: action, isAnimated: animated)
  }

  /// The same action transformed.
  ///
  /// ```swift
  /// let action = ButtonStateAction<AlertAction>.send(.confirmDelete)
  /// let parent = action.map { $0.map(ParentAction.alert) }
  /// ```
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ButtonStateAction<NewAction> {
    ButtonStateAction<NewAction>(action: transform(action), isAnimated: isAnimated)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
