import Foundation
import NavigationCore
import StaticServe
import VirtualDOM

/// A form posted without script (docs/NO-SCRIPT.md): `POST /_navdom/form?session=S[&form=ID]`
/// with the form's fields, `navdom-click=ID` naming the button pressed. The session runs what
/// the page's script would have sent (an `input` or `change` per field, then the button's
/// `click`, then the form's `submit`), and the answer is 303 See Other to the URL of the new
/// state, with a cookie naming the session so that page shows it (``resumedPage(for:)``).
///
/// ```swift
/// // <form method="post" action="/_navdom/form?session=3f9c&form=12"> … name=Lamp
/// live.router(request)   // 303, Location: /, Set-Cookie: navdom-session=3f9c
/// ```
enum NoScriptSubmission {
  static let cookie = "navdom-session"

  /// The answer to a posted form, made on the session's queue.
  static func respond(to request: HTTPRequest, server: LiveServer) -> HTTPResponse {
    if let refusal = request.crossOriginRefusal { return refusal }
    guard request.body.count <= server.limits.maximumEventBytes else {
      return .error(.contentTooLarge, detail: "the form is larger than \(server.limits.maximumEventBytes) bytes")
    }
    let query = request.query
    guard let sessionID = LiveServer.queryValue("session", in: query) else {
      return .error(.badRequest, detail: "this form names no session")
    }
    guard let session = server.liveSession(sessionID) else {
      return .error(HTTPStatus(code: 410), detail: "This page's session has ended: go back and reload the page, then try again.")
    }
    let formID = LiveServer.queryValue("form", in: query).flatMap { NodeID($0) }
    let posted = decodeForm(request.body)
    session.touch()
    return .deferred { complete in
      session.run({ session in run(posted, formID: formID, in: session.app) }) { location in
        var response = HTTPResponse(status: HTTPStatus(code: 303))
        response.headers["Location"] = location
        response.headers["Cache-Control"] = "no-store"
        response.headers["Set-Cookie"] = "\(cookie)=\(sessionID); Path=/; HttpOnly; SameSite=Lax"
        complete(response)
      }
    }
  }

  /// Runs the submission in the app; returns the URL of its state afterwards. Events the
  /// current tree refuses (a stale button) change nothing; the visitor sees the state as it is.
  static func run(_ posted: [(String, String)], formID: NodeID?, in app: AppSession) -> String {
    let walk = NoScriptForms(session: "")
    walk.collectFields(of: app.runtime)
    let clicked = posted.first { $0.0 == NoScriptForms.clickField }.flatMap { NodeID($0.1) }
    let owner: NoScriptForms.Owner = formID.map { .form($0) } ?? .page
    for field in walk.fields where field.owner == owner {
      let values = posted.filter { $0.0 == field.name }.map { $0.1 }
      if field.isCheckbox {
        if field.events.contains("change") {
          let isChecked = values.contains(field.value)
          let payload = EventPayload(value: isChecked ? "true" : "false", checked: isChecked)
          _ = app.reply(to: "change", on: field.id, payload: payload)
        }
        continue
      }
      guard let value = values.first else { continue }
      for event in ["input", "change"] where field.events.contains(event) {
        _ = app.reply(to: event, on: field.id, payload: EventPayload(value: value))
      }
    }
    if let clicked { _ = app.reply(to: "click", on: clicked) }
    if let formID { _ = app.reply(to: "submit", on: formID) }
    _ = app.takePendingChanges()  // the page is rendered afresh; no patches are owed
    return app.url
  }

  /// `application/x-www-form-urlencoded` pairs, in order (`+` is a space).
  static func decodeForm(_ body: [UInt8]) -> [(String, String)] {
    let text = String(decoding: body, as: UTF8.self)
    return text.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  /// The session the visitor's cookie names, if the request carries one.
  static func cookieSession(_ request: HTTPRequest) -> String? {
    request.cookie(named: cookie)
  }
}

extension LiveServer {
  /// A page for a visitor who posted a form without script: their session (named by the
  /// cookie) brought to the URL asked for, rendered as it is. `nil` when there is no such
  /// session or the app has no such URL: a new session answers, as for anyone.
  func resumedPage(for request: HTTPRequest) -> HTTPResponse? {
    guard request.method == .get, let id = NoScriptSubmission.cookieSession(request), let session = liveSession(id) else {
      return nil
    }
    session.touch()
    return session.runAndWait { appSession, sequence -> HTTPResponse? in
      if appSession.url != request.appURL, appSession.followHistory(to: request.appURL) == nil { return nil }
      _ = appSession.takePendingChanges()
      // Events have renumbered the tree since its first page: such a page works by posting
      // forms only (script would number it from 1 and lose the ids).
      let live = appSession.runtime.mountedTree.idsAreHydrationOrder
      return LivePage.response(
        app: app, session: appSession, sessionID: live ? id : nil, formSession: id, sequence: sequence)
    }
  }
}
