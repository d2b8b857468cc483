import HTMLRenderer
import VirtualDOM

extension AppSession {
  /// The session's current page as runtime.js rebuilds its container from it after a
  /// hydration mismatch or a patch it could not apply (docs/RUNTIME.md, "Pages that survive foreign changes"):
  /// `{"html": "…", "ids": [...], "patches": [...], "url": "/items/1"}`. `ids` are the node
  /// ids in document order, left out when they are 1, 2, 3…; `patches` are the hydration
  /// patches. Changes not yet sent to the page are taken first: the snapshot holds them.
  ///
  /// ```swift
  /// let json = try session.snapshotJSON()   // {"html":"<div>…","patches":[…],"url":"/"}
  /// ```
  public func snapshotJSON() throws(RenderError) -> String {
    _ = takePendingReply()  // the page gets these changes in the snapshot, not as patches
    return try pageJSON()
  }

  /// The page as JSON, for `startJSON` and `snapshotJSON`: the container's HTML, the ids when
  /// they are not 1, 2, 3… in document order, the hydration patches and the URL.
  func pageJSON() throws(RenderError) -> String {
    let html = try runtime.renderHTML()
    let ids = runtime.mountedTree.ids
    var writer = JSONWriter(capacity: html.utf8.count + 8 * ids.count + 1024)
    writer.raw("{\"html\":")
    writer.string(html)
    if !runtime.mountedTree.idsAreHydrationOrder {
      writer.key("ids")
      writer.raw("[")
      for (index, id) in ids.enumerated() {
        if index > 0 { writer.raw(",") }
        writer.number(id)
      }
      writer.raw("]")
    }
    writer.key("patches")
    WireFormat.write(hydrationPatches, to: &writer)
    writer.key("url")
    writer.string(pageURL)
    writer.raw("}")
    return writer.string
  }
}
