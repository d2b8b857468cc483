import HTMLRenderer
import NavigationCore

/// What a live server needs to know about an app: how to start a visitor's session for a URL,
/// and how the page around it looks.
///
/// ```swift
/// let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in
///   let model = InventoryModel()
///   guard model.navigate(to: url) else { return nil }       // not one of the app's URLs
///   return LiveAppSession(
///     runtime: NavigationRuntime(model: model) { InventoryView(model: $0) },
///     currentURL: { model.url },
///     navigate: { model.navigate(to: $0) })
/// }
/// ```
public struct LiveApp {
  /// The page title.
  public var title: String
  /// Stylesheets linked from every page, in order.
  public var stylesheets: [String]
  /// Starts a session for a visitor arriving at `url` (path and query), or `nil` when the app has
  /// no page there (the server then tries its static files).
  public var makeSession: (_ url: String) -> LiveAppSession?

  public init(title: String, stylesheets: [String] = [], makeSession: @escaping (_ url: String) -> LiveAppSession?) {
    self.title = title
    self.stylesheets = stylesheets
    self.makeSession = makeSession
  }
}

/// One visitor's running app: the runtime that renders and dispatches, and the app's URL state.
public struct LiveAppSession {
  public var runtime: NavigationRuntime
  /// The URL (path and query) of the current state: it follows the stack and open dialogs.
  public var currentURL: () -> String
  /// Brings the state to `url` (the browser's back and forward buttons); `false` if the app
  /// has no such URL, which changes nothing.
  public var navigate: (_ url: String) -> Bool

  public init(runtime: NavigationRuntime, currentURL: @escaping () -> String, navigate: @escaping (_ url: String) -> Bool) {
    self.runtime = runtime
    self.currentURL = currentURL
    self.navigate = navigate
  }
}

extension LiveApp {
  /// The full page a visitor to `url` would get, without starting a session: the app's state
  /// rendered to HTML (`navdom render --route`). `nil` when the app has no page at `url`.
  /// `.pretty` indents it for people and snapshots; only the compact form hydrates.
  ///
  /// ```swift
  /// let html = try app.renderPage(url: "/items/1/edit")
  /// ```
  public func renderPage(url: String, style: Serializer.Style = .compact) throws(RenderError) -> String? {
    guard let session = makeSession(url) else { return nil }
    return try LivePage.document(app: self, session: session, sessionID: nil, style: style)
  }
}
