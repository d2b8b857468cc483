import HTMLRenderer
import NavigationCore
import VirtualDOM

/// The full HTML document a visitor gets: the app's current state rendered on the server, so
/// the first paint needs no script and every URL is a deep link, plus what runtime.js needs to
/// take over (docs/RUNTIME.md).
enum LivePage {
  /// The page; with `sessionID` it runs live (events go to the server), with `wasmModule` it
  /// runs client-side (runtime.js loads the module from that URL), with neither it is static.
  static func document(
    app: LiveApp, session: LiveAppSession, sessionID: String?, wasmModule: String? = nil
  ) throws(RenderError) -> String {
    let body = try session.runtime.renderHTML()
    var html = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    html += "<title>" + escape(app.title) + "</title>"
    for stylesheet in app.stylesheets {
      html += "<link rel=\"stylesheet\" href=\"" + escape(stylesheet) + "\">"
    }
    html += "<script src=\"/runtime.js\" defer></script></head><body>"
    html += "<main id=\"app\" data-navdom-root"
    if let sessionID {
      html += " data-navdom-session=\"" + sessionID + "\" data-navdom-stream=\"\""
    }
    if let wasmModule {
      html += " data-navdom-wasm=\"" + escape(wasmModule) + "\""
    }
    html += " data-navdom-patches=\"" + escape(WireFormat.encode(hydrationPatches(session.runtime))) + "\">"
    html += body
    html += "</main></body></html>"
    return html
  }

  /// What markup cannot say: which elements listen to which events, and DOM properties.
  static func hydrationPatches(_ runtime: NavigationRuntime) -> [Patch] {
    var patches: [Patch] = []
    runtime.mountedTree.forEachNode { id, node in
      guard case .element(let element) = node, element.hasExtras else { return }
      for listener in element.listeners { patches.append(.listen(id: id, event: listener.event)) }
      for property in element.properties {
        patches.append(.setProperty(id: id, name: property.name, value: property.value))
      }
    }
    return patches
  }

  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "\"": result += "&quot;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
