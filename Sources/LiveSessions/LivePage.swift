import HTMLRenderer
import StaticServe
import NavigationCore
import VirtualDOM

/// The full HTML document a visitor gets: the app's current state rendered on the server, so
/// the first paint needs no script and every URL is a deep link, plus what runtime.js needs to
/// take over (docs/RUNTIME.md).
enum LivePage {
  /// The page; with `sessionID` it runs live (events go to the server), with `wasmModule` it
  /// runs client-side (runtime.js loads the module from that URL), with neither it is static.
  /// `.pretty` is for people and snapshots; only compact pages hydrate.
  /// `formSession` (by default `sessionID`) is the session the page's forms post to without
  /// script (NoScriptForms); a page with it but no `sessionID` works only that way (its tree's
  /// ids are no longer numbered in order, so it cannot hydrate).
  static func document(
    app: LiveApp, session: AppSession, sessionID: String?, wasmModule: String? = nil,
    formSession: String? = nil, style: Serializer.Style = .compact
  ) throws(RenderError) -> String {
    var containerOptions: [ElementOption] = [.attribute("data-navdom-root", "")]
    if let sessionID {
      containerOptions += [.attribute("data-navdom-session", sessionID), .attribute("data-navdom-stream", "")]
    }
    if let wasmModule { containerOptions.append(.attribute("data-navdom-wasm", wasmModule)) }
    if let watch = app.watchStream { containerOptions.append(.attribute("data-navdom-watch", watch)) }
    // The title runtime.js shows when no page or presentation has one.
    containerOptions.append(.attribute("data-navdom-title", app.title))
    let formSession = formSession ?? sessionID
    // One walk for the check, the patches and the no-script markup (PageWalk).
    let hydrates = sessionID != nil || formSession == nil
    let forms = formSession.map { NoScriptForms(session: $0) }
    var walk = PageWalk(ids: session.runtime.mountedTree.ids, forms: forms, hydrates: hydrates)
    let nodes = walk.run(session.runtime.nodes)
    if hydrates {
      containerOptions.append(.attribute("data-navdom-patches", WireFormat.encode(walk.patches)))
      containerOptions.append(.attribute("data-navdom-check", walk.check.value))
    }
    let pageForm = forms?.usesPageForm == true ? forms?.pageFormNode() : nil

    let page = makeElement("html", app.htmlAttributes.map { .attribute($0) }, children: [
      head {
        meta(.charset("utf-8"))
        meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
        title { session.title ?? app.title }
        if app.linksNavigationStylesheet { link(.rel("stylesheet"), .href(LiveApp.navigationStylesheet)) }
        for stylesheet in app.stylesheets { link(.rel("stylesheet"), .href(stylesheet)) }
        // One module, bundled (deferred by itself, as every module script is).
        script(.type("module"), .src("/runtime.js")) {}
      },
      makeElement("body", app.bodyAttributes.map { .attribute($0) }, content: fragment {
        // The container is node 0; the app's nodes are its children, numbered from 1.
        if let pageForm { pageForm }
        makeElement(app.container.tag, app.container.options(adding: containerOptions), children: nodes)
      }),
    ])
    return try renderDocument(page, style: style)
  }

  /// The page as an HTTP response: never cached (it holds a session, or state that changes),
  /// and a 500 naming the problem if the app's tree cannot be rendered.
  static func response(
    app: LiveApp, session: AppSession, sessionID: String?, wasmModule: String? = nil, formSession: String? = nil
  ) -> HTTPResponse {
    do {
      var response = HTTPResponse.html(
        try document(app: app, session: session, sessionID: sessionID, wasmModule: wasmModule, formSession: formSession))
      response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
      response.headers.replaceOrAdd(name: "Content-Security-Policy", value: contentSecurityPolicy(wasm: wasmModule != nil))
      return response
    } catch {
      return .error(.internalServerError, detail: "the page could not be rendered: \(error)")
    }
  }
}

extension LivePage {
  /// The app's not-found page (``LiveApp/notFound``) with status 404: static, no session.
  static func notFound(app: LiveApp, error: RouteError) -> HTTPResponse? {
    guard let notFound = app.notFound else { return nil }
    let reason = LiveApp.showsRouteErrors ? error.reason : nil
    let page = makeElement("html", app.htmlAttributes.map { .attribute($0) }, children: [
      head {
        meta(.charset("utf-8"))
        meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
        title { "Not found · " + app.title }
        if app.linksNavigationStylesheet { link(.rel("stylesheet"), .href(LiveApp.navigationStylesheet)) }
        for stylesheet in app.stylesheets { link(.rel("stylesheet"), .href(stylesheet)) }
      },
      makeElement("body", app.bodyAttributes.map { .attribute($0) }, content: fragment {
        makeElement(app.container.tag, app.container.options(adding: []), children: notFound(reason).flattened)
      }),
    ])
    do {
      var response = HTTPResponse.html(try renderDocument(page))
      response.status = .notFound
      response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
      response.headers.replaceOrAdd(name: "Content-Security-Policy", value: contentSecurityPolicy(wasm: false))
      return response
    } catch {
      return .error(.internalServerError, detail: "the not-found page could not be rendered: \(error)")
    }
  }

  /// The page's policy: its own scripts, styles, images and connections only, no inline
  /// script or style, no plugins, framed only by its own origin. A client-side (WebAssembly)
  /// page may also compile WebAssembly (`'wasm-unsafe-eval'`), nothing more.
  static func contentSecurityPolicy(wasm: Bool) -> String {
    let scripts = wasm ? "script-src 'self' 'wasm-unsafe-eval'" : "script-src 'self'"
    return "default-src 'self'; \(scripts); style-src 'self'; img-src 'self' data:; connect-src 'self'; "
      + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"
  }
}

extension HTTPRequest {
  /// The URL an app sees: the path, and the query when there is one.
  var appURL: String { query.map { path + "?" + $0 } ?? path }

  /// Whether the path's last segment has a file extension (`/runtime.js`, `/app.css`): those
  /// are static files, answered without asking the app or taking its lock.
  package var namesAFile: Bool {
    // Bytes from the end, not `split`: every static file's request asks (no array made).
    var sawSegment = false
    for byte in path.utf8.reversed() {
      if byte == 0x2F {  // /
        if sawSegment { return false }
      } else {
        sawSegment = true
        if byte == 0x2E { return true }  // .
      }
    }
    return false
  }
}
