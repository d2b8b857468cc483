import HTMLRenderer
import NavigationCore
import VirtualDOM

/// What a live server needs to know about an app: how to start a visitor's session for a URL,
/// and how the page around it looks.
///
/// Its session function is the one a WebAssembly module registers (`WasmApp.register`): a URL
/// in, a running session or why the app has no page there out. `AppSession.start` makes it
/// from the app's routes, so the app writes no URL code.
///
/// ```swift
/// let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in
///   let model = InventoryModel()
///   return AppSession.start(at: url, model: model, routes: model.routes) { inventoryView(model) }
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
  /// var app = LiveApp(title: "Bare") { url in startCounter(url: url) }
  /// app.linksNavigationStylesheet = false   // the app's stylesheets do it all
  /// ```
  public var linksNavigationStylesheet = true

  /// The element that holds the app (default `<main id="app">`; ``Container``).
  public var container = Container.main
  /// The attributes of every page's `<html>` (default `lang="en"`).
  ///
  /// ```swift
  /// var app = LiveApp(title: "Inventaire") { url in startInventory(url: url) }
  /// app.htmlAttributes = [Attribute("lang", "fr"), Attribute("data-theme", "dark")]
  /// ```
  public var htmlAttributes = [Attribute("lang", "en")]
  /// The attributes of every page's `<body>` (default none).
  ///
  /// ```swift
  /// var app = LiveApp(title: "TodoMVC") { url in startTodos(url: url) }
  /// app.bodyAttributes = [Attribute("class", "learn-bar")]
  /// ```
  public var bodyAttributes: [Attribute] = []

  /// Where the library serves the navigation markup's base stylesheet, to every app.
  public static let navigationStylesheet = "/navdom.css"
  /// Starts a session for a visitor arriving at `url` (path and query), or `nil` when the app has
  /// no page there (the server then tries its static files). Paths whose last segment has a
  /// file extension (`/app.css`) are always static files and never reach the app. It is called
  /// from several threads at once (pages render in parallel), so it must be `@Sendable`: make
  /// each session's model inside it.
  @available(*, deprecated, renamed: "startSession")
  public var makeSession: @Sendable (_ url: String) -> AppSession? {
    get {
      let start = startSession
      return { url in try? start(url).get() }
    }
    set {
      startSession = { url in
        newValue(url).map { .success($0) } ?? .failure(RouteError(url: url, reason: "the app has no page at \(url)"))
      }
    }
  }
  /// Starts a session for a visitor arriving at `url`, or says why the app has no page there
  /// (`AppSession.start(at:model:routes:view:)` answers this way); ``makeSession`` is the
  /// same without the reason.
  public var startSession: @Sendable (_ url: String) -> Result<AppSession, RouteError>
  /// The app's own page for a URL it does not have, served with status 404 instead of falling
  /// through to the static files. It gets the route error's reason in debug builds
  /// (development) and `nil` in release builds, where a visitor should not see the app's routes.
  ///
  /// ```swift
  /// var app = LiveApp(title: "Inventory") { url in startInventory(url: url) }
  /// app.notFound = { reason in
  ///   fragment { h1 { "Not found" }; if let reason { p { reason } } }
  /// }
  /// ```
  public var notFound: (@Sendable (_ reason: String?) -> Node)?
  /// Called once `AppCommandLine`'s `serve` has its live server running (not with `--wasm`,
  /// where there are no sessions on the server): the place to start what changes sessions from
  /// the server side, through ``LiveServer/performOnEverySession(_:)``.
  ///
  /// ```swift
  /// var app = LiveApp(title: "Inventory") { url in startInventory(url: url) }
  /// app.onServe = { server in
  ///   Thread.detachNewThread {
  ///     Thread.sleep(forTimeInterval: 60)
  ///     server.performOnEverySession { $0.model(as: InventoryModel.self)?.items.removeAll() }
  ///   }
  /// }
  /// ```
  public var onServe: (@Sendable (LiveServer) -> Void)?
  /// Where pages hear of rebuilds under `serve --watch` (``WatchChannel``), set by the server
  /// the watcher runs; nil otherwise.
  package var watchStream: String?

  /// An app whose session function answers `nil` for a URL it has no page for.
  ///
  /// ```swift
  /// let app = LiveApp(title: "Inventory") { url in startInventory(url: url) }   // the one shape
  /// ```
  @available(*, deprecated, message: "pass (String) -> Result<AppSession, RouteError>, as AppSession.start answers: init(title:stylesheets:startSession:)")
  public init(title: String, stylesheets: [String] = [], makeSession: @escaping @Sendable (_ url: String) -> AppSession?) {
    self.title = title
    self.stylesheets = stylesheets
    startSession = { url in
      makeSession(url).map { .success($0) } ?? .failure(RouteError(url: url, reason: "the app has no page at \(url)"))
    }
  }

  /// An app whose sessions say why a URL has no page (the reason reaches ``notFound`` and
  /// `render --route`).
  ///
  /// ```swift
  /// let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in startInventory(url: url) }
  /// ```
  public init(
    title: String, stylesheets: [String] = [],
    startSession: @escaping @Sendable (_ url: String) -> Result<AppSession, RouteError>
  ) {
    self.title = title
    self.stylesheets = stylesheets
    self.startSession = startSession
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
    guard case .success(let session) = startSession(url) else { return nil }
    return try LivePage.document(app: self, session: session, sessionID: nil, style: style)
  }

  /// Whether debug builds tell visitors why a URL has no page (``notFound``'s reason).
  static var showsRouteErrors: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }
}
