/// An alert as data: a title, an optional message and buttons, each sending an action.
///
/// Keep one in your model, optional or as a destination case; a renderer presents it while it
/// is non-nil, as `<dialog role="alertdialog">`.
///
/// ```swift
/// model.alert = AlertState {
///   TextState("Delete “\(item.name)”?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Nevermind") }
/// } message: {
///   TextState("This cannot be undone.")
/// }
/// ```
public struct AlertState<Action> {
  /// The alert's title.
  public let title: TextState
  /// The text under the title, if any.
  public let message: TextState?
  /// The buttons, in order; never empty (see ``init(title:actions:message:)``).
  public let buttons: [ButtonState<Action>]
  /// The browser's title while the alert shows (``navigationTitle(_:)``), or `nil` to keep the
  /// title of what it is presented over.
  public private(set) var pageTitle: String?

  /// Creates an alert.
  ///
  /// When `actions` builds no buttons, the alert gets a single "OK" button with the cancel
  /// role, so there is always a way to dismiss it.
  ///
  /// ```swift
  /// let alert = AlertState<Never> { TextState("Saved") }
  /// alert.buttons[0].label  // TextState("OK")
  /// ```
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The message, if any.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(title: title(), message: message?(), buttons: actions())
  }

  private init(title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.title = title
    self.message = message
    self.buttons =
      buttons.isEmpty
      ? [ButtonState(role: .cancel, action: .send(nil), label: { TextState("OK") })]
      : buttons
  }

  /// The same alert, naming the page while it shows: the browser's title (and `<title>` on the
  /// server's page) is `title` until the alert goes, as ``VirtualDOM/Node/navigationTitle(_:)``
  /// does for a page.
  ///
  /// ```swift
  /// model.alert = AlertState { TextState("Delete Hammer?") }.navigationTitle("Delete Hammer?")
  /// ```
  public func navigationTitle(_ title: String) -> AlertState {
    var alert = self
    alert.pageTitle = title
    return alert
  }

  /// The same alert with every button's action transformed, e.g. to embed it in a parent's
  /// action type.
  ///
  /// ```swift
  /// let alert = AlertState<AlertAction> { TextState("Delete Hammer?") }
  /// let parentAlert: AlertState<ParentAction> = alert.map { $0.map(ParentAction.alert) }
  /// ```
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    var mapped = AlertState<NewAction>(
      title: title, message: message, buttons: buttons.map { $0.map(transform) })
    mapped.pageTitle = pageTitle
    return mapped
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
