import HTMLRenderer
import NavigationCore
import VirtualDOM

/// One app running inside the module: the browser-side twin of a live server's session.
///
/// It renders the app for a URL (the same tree, and so the same node ids, as the server's first
/// paint), takes the page's events and answers each with the reply a live server sends
/// (`LiveServer`): `{"patches":[...]}`, plus `"url"` and `"history":"push"` when the state's URL
/// changed.
///
/// ```swift
/// let session = ClientSession(runtime: runtime, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
/// let reply = session.dispatch(id: 7, event: "click", payload: EventPayload())  // .success(UTF-8 of {"patches":[…]})
/// ```
final class ClientSession {
  let runtime: NavigationRuntime
  private let currentURL: () -> String
  private let navigate: (String) -> Bool
  private var lastURL: String

  init(runtime: NavigationRuntime, currentURL: @escaping () -> String, navigate: @escaping (String) -> Bool) {
    self.runtime = runtime
    self.currentURL = currentURL
    self.navigate = navigate
    lastURL = currentURL()
  }

  /// `{"html": "…", "patches": [...], "url": "/items/1"}`: the container's HTML, the patches
  /// hydration needs (`listen`, `setProp`; the live page's `data-navdom-patches`) and the URL.
  func startJSON() throws(RenderError) -> [UInt8] {
    let html = try runtime.renderHTML()
    var writer = JSONWriter(capacity: html.utf8.count + 1024)
    writer.raw("{\"html\":")
    writer.string(html)
    writer.key("patches")
    WireFormat.write(hydrationPatches(), to: &writer)
    writer.key("url")
    writer.string(lastURL)
    writer.raw("}")
    return writer.bytes
  }

  /// Delivers a DOM event; the reply JSON, or why the event was rejected (a stale node, an
  /// element that does not listen), which changes nothing.
  func dispatch(id: NodeID, event: String, payload: EventPayload) -> Result<[UInt8], DispatchError> {
    switch runtime.dispatch(id: id, event: event, payload: payload) {
    case .success(let batch): return .success(reply(batch.patches))
    case .failure(let error): return .failure(error)
    }
  }

  /// The browser moved through its history to `url`: the reply that brings the page there, or
  /// `nil` (nothing changed) for a URL the app does not have.
  func popState(to url: String) -> [UInt8]? {
    guard navigate(url) else { return nil }
    var patches: [Patch] = []
    for batch in runtime.takePendingPatches() { patches += batch.patches }
    return reply(patches)
  }

  /// The live server's reply format: `url` and `history` only when the URL changed.
  private func reply(_ patches: [Patch]) -> [UInt8] {
    var writer = JSONWriter()
    writer.raw("{\"patches\":")
    WireFormat.write(patches, to: &writer)
    let url = currentURL()
    if url != lastURL {
      writer.key("url")
      writer.string(url)
      writer.key("history")
      writer.string("push")
      lastURL = url
    }
    writer.raw("}")
    return writer.bytes
  }

  /// What markup cannot say: which elements listen to which events, and DOM properties.
  private func hydrationPatches() -> [Patch] {
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
}
