import HTMLRenderer
import NavigationCore
import VirtualDOM

extension AppSession {
  /// `{"html": "…", "patches": [...], "url": "/items/1"}`: the container's HTML, the patches
  /// hydration needs (`listen`, `setProp`; the live page's `data-navdom-patches`) and the URL,
  /// for runtime.js to check against the server's first paint before the module takes over.
  func startJSON() throws(RenderError) -> [UInt8] {
    let html = try runtime.renderHTML()
    var writer = JSONWriter(capacity: html.utf8.count + 1024)
    writer.raw("{\"html\":")
    writer.string(html)
    writer.key("patches")
    WireFormat.write(hydrationPatches, to: &writer)
    writer.key("url")
    writer.string(pageURL)
    writer.raw("}")
    return writer.bytes
  }
}
