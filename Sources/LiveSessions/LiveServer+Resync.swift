import HTMLRenderer
import NavigationCore
import PageProtocol
import StaticServe

extension LiveServer {
  /// `GET /_navdom/resync?session=S`: the session's current page (`AppSession.snapshot()`),
  /// worked out on the session's queue; 410 for a session this server does not have.
  func handleResync(_ request: HTTPRequest) -> HTTPResponse {
    if let refusal = request.crossOriginRefusal { return refusal }
    guard let id = Self.queryValue("session", in: request.query) else {
      return Self.failure(.badRequest, "missing session")
    }
    guard let session = liveSession(id) else { return Self.sessionGone }
    session.touch()
    return .deferred { complete in
      session.run({ session -> Result<String, RenderError> in
        do throws(RenderError) {
          let snapshot = try session.app.snapshot()
          _ = session.takeLateReplies()  // the snapshot holds them too
          // Numbered as the latest message it includes: the page drops pushes up to it.
          return .success(snapshot.json(sequence: session.sequence))
        } catch { return .failure(error) }
      }) { result in
        switch result {
        case .success(let json):
          complete(.json(json, compressingFor: request))
        case .failure(let error):
          complete(.error(.internalServerError, detail: "the page could not be rendered: \(error)"))
        }
      }
    }
  }
}
