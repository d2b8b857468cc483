/// A confirmation dialog as data: a title (shown or not), an optional message and buttons.
///
/// ```swift
/// model.confirmation = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Remove from stock?")
/// } actions: {
///   ButtonState(role: .destructive, action: .remove) { TextState("Remove") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("You can add it again later.")
/// }
/// ```
public struct ConfirmationDialogState<Action> {
  /// Whether the title is shown.
  public let titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The dialog's title; used as its accessible name even when hidden.
  public let title: TextState
  /// The text under the title, if any.
  public let message: TextState?
  /// The buttons, in order.
  public let buttons: [ButtonState<Action>]
  /// The browser's title while the dialog shows (``navigationTitle(_:)``), or `nil` to keep the
  /// title of what it is presented over.
  public private(set) var pageTitle: String?

  /// Creates a confirmation dialog.
  ///
  /// ```swift
  /// let dialog = ConfirmationDialogState<AlertAction>(title: { TextState("Share") }, actions: {
  ///   ButtonState(action: .copyLink) { TextState("Copy link") }
  /// })
  /// ```
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether to show the title; `.automatic` by default.
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The message, if any.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.message = message?()
    self.buttons = actions()
  }

  private init(
    titleVisibility: ConfirmationDialogStateTitleVisibility, title: TextState,
    message: TextState?, buttons: [ButtonState<Action>]
  ) {
    self.titleVisibility = titleVisibility
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// Whether a renderer shows the title: `.visible` and `.automatic` yes, `.hidden` no. (The web
  /// has no platform convention for hiding it, so automatic means shown.)
  ///
  /// ```swift
  /// ConfirmationDialogState<Never>(title: { TextState("Share") }).isTitleVisible  // true
  /// ```
  public var isTitleVisible: Bool {
    switch titleVisibility {
    case .visible: true
    case .hidden: false
    case .automatic: true
    }
  }

  /// The same dialog, naming the page while it shows (the browser's title), as
  /// ``VirtualDOM/Node/navigationTitle(_:)`` does for a page.
  ///
  /// ```swift
  /// let dialog = ConfirmationDialogState<Never> { TextState("Share") }.navigationTitle("Share Hammer")
  /// ```
  public func navigationTitle(_ title: String) -> ConfirmationDialogState {
    var dialog = self
    dialog.pageTitle = title
    return dialog
  }

  /// The same dialog with every button's action transformed.
  ///
  /// ```swift
  /// let dialog = ConfirmationDialogState<AlertAction> { TextState("Share") }
  /// let parentDialog = dialog.map { $0.map(ParentAction.dialog) }
  /// ```
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    var mapped = ConfirmationDialogState<NewAction>(
      titleVisibility: titleVisibility, title: title, message: message,
      buttons: buttons.map { $0.map(transform) })
    mapped.pageTitle = pageTitle
    return mapped
  }
}

/// Whether a confirmation dialog shows its title.
///
/// ```swift
/// ConfirmationDialogState<AlertAction>(titleVisibility: .hidden) { TextState("Options") }
/// ```
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// The renderer decides; ours shows it (see ``ConfirmationDialogState/isTitleVisible``).
  case automatic
  /// The title is always shown.
  case visible
  /// The title is not shown (it still names the dialog for assistive technology).
  case hidden
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
