import HTMLRenderer
import NavigationCore

/// What a live server needs to know about an app: how to start a visitor's session for a URL,
/// and how the page around it looks.
///
/// ```swift
/// let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in
///   let model = InventoryModel()
///   guard model.navigate(to: url) else { return nil }       // not one of the app's URLs
///   return AppSession(
///     runtime: NavigationRuntime(model: model) { inventoryView($0) },
///     currentURL: { model.url },
///     navigate: { model.navigate(to: $0) })
/// }
/// ```
public struct LiveApp: Sendable {
  /// The page title.
  public var title: String
  /// Stylesheets linked from every page, in order, after the library's own
  /// (``navigationStylesheet``, when ``linksNavigationStylesheet``).
  public var stylesheets: [String]
  /// Whether pages link the library's ``navigationStylesheet`` first (default `true`): hidden
  /// stack pages stay hidden whatever the app's CSS says, a dialog's buttons sit in a row.
  ///
  /// ```swift
  /// var app = LiveApp(title: "Bare") { url in counterSession(url: url) }
  /// app.linksNavigationStylesheet = false   // the app's stylesheets do it all
  /// ```
  public var linksNavigationStylesheet = true

  /// Where the library serves the navigation markup's base stylesheet, to every app.
  public static let navigationStylesheet = "/navdom.css"
  /// Starts a session for a visitor arriving at `url` (path and query), or `nil` when the app has
  /// no page there (the server then tries its static files). Paths whose last segment has a
  /// file extension (`/app.css`) are always static files and never reach the app. It is called
  /// from several threads at once (pages render in parallel), so it must be `@Sendable`: make
  /// each session's model inside it.
  public var makeSession: @Sendable (_ url: String) -> AppSession?
  /// Called once `AppCommandLine`'s `serve` has its live server running (not with `--wasm`,
  /// where there are no sessions on the server): the place to start what changes sessions from
  /// the server side, through ``LiveServer/performOnEverySession(_:)``.
  ///
  /// ```swift
  /// var app = LiveApp(title: "Inventory") { url in inventorySession(url: url) }
  /// app.onServe = { server in
  ///   Thread.detachNewThread {
  ///     Thread.sleep(forTimeInterval: 60)
  ///     server.performOnEverySession { $0.model(as: InventoryModel.self)?.items.removeAll() }
  ///   }
  /// }
  /// ```
  public var onServe: (@Sendable (LiveServer) -> Void)?

  public init(title: String, stylesheets: [String] = [], makeSession: @escaping @Sendable (_ url: String) -> AppSession?) {
    self.title = title
    self.stylesheets = stylesheets
    self.makeSession = makeSession
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
