import HTMLRenderer
import NavigationCore
import VirtualDOM

/// The full HTML document a visitor gets: the app's current state rendered on the server, so
/// the first paint needs no script and every URL is a deep link, plus what runtime.js needs to
/// take over (docs/RUNTIME.md).
enum LivePage {
  /// The page; with `sessionID` it runs live (events go to the server), with `wasmModule` it
  /// runs client-side (runtime.js loads the module from that URL), with neither it is static.
  /// `.pretty` is for people and snapshots; only compact pages hydrate.
  static func document(
    app: LiveApp, session: AppSession, sessionID: String?, wasmModule: String? = nil,
    style: Serializer.Style = .compact
  ) throws(RenderError) -> String {
    var containerOptions: [ElementOption] = [.id("app"), .attribute("data-navdom-root", "")]
    if let sessionID {
      containerOptions += [.attribute("data-navdom-session", sessionID), .attribute("data-navdom-stream", "")]
    }
    if let wasmModule { containerOptions.append(.attribute("data-navdom-wasm", wasmModule)) }
    containerOptions.append(.attribute("data-navdom-patches", WireFormat.encode(session.hydrationPatches)))

    let page = html(.lang("en")) {
      head {
        meta(.charset("utf-8"))
        meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
        title { app.title }
        for stylesheet in app.stylesheets { link(.rel("stylesheet"), .href(stylesheet)) }
        script(.src("/runtime.js"), .flag("defer")) {}
      }
      body {
        // The container is node 0; the app's nodes are its children, numbered from 1.
        makeElement("main", containerOptions, children: session.runtime.nodes)
      }
    }
    return try renderDocument(page, style: style)
  }
}
