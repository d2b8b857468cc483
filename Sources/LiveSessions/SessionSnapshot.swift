import HTMLRenderer
import NavigationCore
import StaticServe
import VirtualDOM

extension AppSession {
  /// The session's current page as runtime.js rebuilds its container from it after a
  /// hydration mismatch or a patch it could not apply (docs/RUNTIME.md, "Resynchronising"):
  /// `{"html": "…", "ids": [...], "patches": [...], "url": "/items/1"}`. `ids` are the node
  /// ids in document order, left out when they are 1, 2, 3…; `patches` are the hydration
  /// patches. Changes not yet sent to the page are taken first: the snapshot holds them.
  ///
  /// ```swift
  /// let json = try session.snapshotJSON()   // {"html":"<div>…","patches":[…],"url":"/"}
  /// ```
  func snapshotJSON() throws(RenderError) -> String {
    _ = takePendingReply()  // the page gets these changes in the snapshot, not as patches
    let html = try runtime.renderHTML()
    let ids = runtime.mountedTree.ids
    var writer = JSONWriter(capacity: html.utf8.count + 8 * ids.count + 1024)
    writer.raw("{\"html\":")
    writer.string(html)
    var inOrder = true
    for (index, id) in ids.enumerated() where id != index + 1 {
      inOrder = false
      break
    }
    if !inOrder {
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

extension LiveServer {
  /// `GET /_navdom/resync?session=S`: the session's current page (``AppSession/snapshotJSON()``),
  /// worked out on the session's queue; 410 for a session this server does not have.
  func handleResync(_ request: HTTPRequest) -> HTTPResponse {
    if let refusal = request.crossOriginRefusal { return refusal }
    guard let id = Self.queryValue("session", in: request.query) else {
      return Self.failure(.badRequest, "missing session")
    }
    guard let session = liveSession(id) else { return Self.sessionGone }
    session.touch()
    return .deferred { complete in
      session.run({ app -> Result<String, RenderError> in
        do throws(RenderError) { return .success(try app.snapshotJSON()) } catch { return .failure(error) }
      }) { result in
        switch result {
        case .success(let json):
          _ = session.takeLateReplies()  // the snapshot holds them too
          complete(.json(json, compressingFor: request))
        case .failure(let error):
          complete(.error(.internalServerError, detail: "the page could not be rendered: \(error)"))
        }
      }
    }
  }
}
