import HTMLRenderer
import VirtualDOM

/// One visitor's running app with its URL: what a page talks to, whether the app runs on the
/// server (a live session) or in the browser (the WebAssembly build).
///
/// Every answer is a ``SessionReply``: the patches, plus the URL and its history move when
/// the app's URL changed since the page last heard (``HistoryMove/pop`` when the new URL is an
/// ancestor of the old one, a page popped; ``HistoryMove/push`` otherwise), and the title when
/// it changed. The live server and the WebAssembly module send it as JSON (PageProtocol).
///
/// ```swift
/// let model = InventoryModel()
/// let session = AppSession(
///   runtime: NavigationRuntime(retaining: [model]) { inventoryView(model) },
///   currentURL: { model.url }, navigate: { model.navigate(to: $0) })
/// let reply = session.reply(to: "click", on: 7)   // .success(SessionReply(patches: […]))
/// ```
public final class AppSession {
  public let runtime: NavigationRuntime
  /// The app's model, when the session was made with one: what a change made on the server
  /// (a timer, a message from elsewhere) reaches through ``model(as:)``.
  public let model: AnyObject?
  private let currentURL: () -> String
  private let navigateTo: (String) -> Bool
  /// The routes the session was made with, when it was: their history rules.
  private let routes: AppRoutes?
  /// The title the page shows: the last one a reply reported.
  private var pageTitle: String?
  /// The URL the page shows: the last one a reply reported.
  public private(set) var pageURL: String

  /// - Parameters:
  ///   - runtime: The running view.
  ///   - model: The app's model, for changes made from outside the page (``model(as:)``).
  ///   - currentURL: The URL of the app's current state (it follows the stack).
  ///   - navigate: Brings the state to a URL (deep links, back and forward); `false`, changing
  ///     nothing, for a URL the app does not have.
  public init(
    runtime: NavigationRuntime, model: AnyObject? = nil, currentURL: @escaping () -> String,
    navigate: @escaping (String) -> Bool
  ) {
    self.runtime = runtime
    self.model = model
    self.currentURL = currentURL
    navigateTo = navigate
    routes = nil
    pageURL = currentURL()
    pageTitle = runtime.title
  }

  /// A session whose URLs are `routes`' (``AppRoutes``): no `currentURL`/`navigate` closures.
  /// Use ``start(at:model:routes:view:)`` to start at a URL.
  ///
  /// ```swift
  /// let model = LibraryModel()
  /// let session = AppSession(model: model, routes: libraryRoutes(model)) { libraryView(model) }
  /// ```
  public init(model: AnyObject, routes: AppRoutes, view: @escaping () -> Node) {
    // The render reads the URL too, so a change of URL state the view does not show (the
    // filter's query while no link carries it) still makes a reply that tells the page.
    runtime = NavigationRuntime(retaining: [model]) {
      _ = routes.url
      return view()
    }
    self.model = model
    currentURL = { routes.url }
    navigateTo = { url in
      if case .success = routes.navigate(to: url) { return true }
      return false
    }
    self.routes = routes
    pageURL = routes.url
    pageTitle = runtime.title
  }

  /// A session at `url`: the state `routes` read from it, running `view`; or why the app has no
  /// page there (for a 404 page).
  ///
  /// ```swift
  /// public func librarySession(url: String) -> Result<AppSession, RouteError> {
  ///   let model = LibraryModel()
  ///   return AppSession.start(at: url, model: model, routes: libraryRoutes(model)) { libraryView(model) }
  /// }
  /// ```
  public static func start(
    at url: String, model: AnyObject, routes: AppRoutes, view: @escaping () -> Node
  ) -> Result<AppSession, RouteError> {
    switch routes.navigate(to: url) {
    case .success: return .success(AppSession(model: model, routes: routes, view: view))
    case .failure(let error): return .failure(error)
    }
  }

  /// The title of the top-most page or presentation (``VirtualDOM/Node/navigationTitle(_:)``), or `nil`
  /// when none has one (the app's title then shows).
  ///
  /// ```swift
  /// session.title   // "Edit Keyboard"
  /// ```
  public var title: String? { runtime.title }

  /// The URL of the app's current state.
  public var url: String { currentURL() }

  /// The session's model if it is a `Model`, else `nil`.
  ///
  /// ```swift
  /// live.performOnEverySession { session in
  ///   session.model(as: InventoryModel.self)?.items.append(Item(id: 9, name: "Lamp", color: .red))
  /// }
  /// ```
  public func model<Model: AnyObject>(as type: Model.Type) -> Model? {
    model as? Model
  }

  /// What markup cannot say and hydration needs besides the HTML (a page's
  /// `data-navdom-patches`): `listen` for every element that listens, `setProp` for DOM
  /// properties.
  ///
  /// ```swift
  /// WireFormat.encode(session.hydrationPatches)   // [{"op":"listen","id":5,"event":"click"},…]
  /// ```
  public var hydrationPatches: [Patch] {
    var patches: [Patch] = []
    runtime.mountedTree.forEachNode { id, node in
      guard case .element(let element) = node else { return }
      element.appendHydrationPatches(id: id, to: &patches)
    }
    return patches
  }

  /// Delivers a DOM event and answers with the reply, or says why the event was rejected (a
  /// stale or unknown node, an element that does not listen), which changes nothing.
  ///
  /// ```swift
  /// switch session.reply(to: "click", on: 7) {
  /// case .success(let reply): print(reply.patches.count, reply.navigation?.url ?? "same URL")
  /// case .failure(let error): print("refused:", error.reason)
  /// }
  /// ```
  public func reply(to event: String, on id: NodeID, payload: EventPayload = EventPayload()) -> Result<SessionReply, DispatchError> {
    switch runtime.dispatch(id: id, event: event, payload: payload) {
    case .success(let batch): return .success(makeReply(batch.patches, url: currentURL()))
    case .failure(let error): return .failure(error)
    }
  }

  /// The browser moved through its history to `url` (back, forward): the reply that brings the
  /// page there, or `nil`, changing nothing, for a URL the app does not have.
  ///
  /// While a presentation refuses the user's dismissal
  /// (``VirtualDOM/Node/interactiveDismissDisabled(_:onDismissAttempt:)``), the state stays: its attempt
  /// runs, and the reply brings the page back to the app's URL (``HistoryMove/push``).
  ///
  /// ```swift
  /// let reply = session.followHistory(to: "/items")   // nil for "/nowhere"
  /// ```
  public func followHistory(to url: String) -> SessionReply? {
    if let attempt = runtime.dismissalRefusal {
      runtime.perform(attempt)
      return makeReply(PatchBatch(merging: runtime.takePendingPatches()).patches, url: currentURL(), restoring: true)
    }
    var isKnown = false
    runtime.state.enter { isKnown = navigateTo(url) }
    guard isKnown else { return nil }
    return makeReply(PatchBatch(merging: runtime.takePendingPatches()).patches, url: currentURL())
  }

  /// Changes made without an event (timers, background work) as a reply, or `nil` when there
  /// is nothing to tell the page.
  ///
  /// ```swift
  /// model.items.removeAll()
  /// let reply = session.takePendingChanges()   // the patches that empty the list
  /// ```
  public func takePendingChanges() -> SessionReply? {
    guard runtime.hasPendingChanges else { return nil }
    let patches = PatchBatch(merging: runtime.takePendingPatches()).patches
    let url = currentURL()
    guard !patches.isEmpty || !DOMString.equal(url, pageURL) else { return nil }
    return makeReply(patches, url: url)
  }

  /// The reply for `patches`, with the navigation when `url`, the app's URL now, is not the one
  /// the page shows, and the title when it changed; the page is then taken to show both.
  /// `restoring`: the browser moved away from `pageURL` and the app refused to follow, so the
  /// page is sent back there (pushed again) even though the app's URL did not change.
  func makeReply(_ patches: [Patch], url: String, restoring: Bool = false) -> SessionReply {
    var reply = SessionReply(patches: patches)
    if restoring || !DOMString.equal(url, pageURL) {
      let history: HistoryMove
      if restoring {
        history = .push
      } else if let routes {
        history = routes.historyMove(from: pageURL, to: url)
      } else {
        history = Self.isAncestor(url, of: pageURL) ? .pop : .push
      }
      reply.navigation = SessionReply.Navigation(url: url, history: history)
      pageURL = url
    }
    let title = runtime.title
    // Compared by code points (DOMString): String's != brings Unicode normalization into the
    // WebAssembly module (about 9 KB of code).
    if !DOMString.equal(title, pageTitle) {
      reply.title = title ?? ""
      pageTitle = title
    }
    return reply
  }

  /// Whether `ancestor`'s path is a proper prefix of `url`'s, segment by segment (`/items/1` of
  /// `/items/1/edit`; `/` of every other path). Queries are ignored.
  static func isAncestor(_ ancestor: String, of url: String) -> Bool {
    let parent = URLText.pieces(of: URLText.split(ancestor).path, separatedBy: UInt8(ascii: "/"))
    let child = URLText.pieces(of: URLText.split(url).path, separatedBy: UInt8(ascii: "/"))
    guard parent.count < child.count else { return false }
    for index in parent.indices where !DOMString.equal(parent[index], child[index]) { return false }
    return true
  }
}
