import DemoApp
import Foundation
import LiveSessions
import NavigationCore
import StaticServe
import Testing
import VirtualDOM

/// Pages that work without script (docs/NO-SCRIPT.md): what the app listens to posts to its
/// session, the handlers run with the form's fields, and the answer is 303 to the new state's
/// URL, whose page (found by the cookie) shows that state.
@Suite struct NoScriptFormTests {
  typealias Harness = LiveServerTests.DemoHarness

  /// A visitor without script: a cookie jar and the page they are on.
  final class Visitor {
    let live: LiveServer
    var cookie: String?
    var page = ""

    init(_ live: LiveServer) { self.live = live }

    func get(_ target: String) {
      var headers: HTTPHeaders = ["Host": "localhost"]
      if let cookie { headers["Cookie"] = cookie }
      page = LiveServerTests.text(LiveServerTests.route(live, HTTPRequest(method: .get, target: target, headers: headers)))
    }

    /// Posts the page's form as a browser does for the button with `value` (its node id).
    func post(_ fields: [(String, String)], action: String? = nil, origin: String = "http://localhost") -> HTTPResponse {
      let body = fields.map { "\($0.0)=\($0.1.replacingOccurrences(of: " ", with: "+"))" }.joined(separator: "&")
      var headers: HTTPHeaders = ["Host": "localhost", "Origin": origin, "Content-Type": "application/x-www-form-urlencoded"]
      if let cookie { headers["Cookie"] = cookie }
      let target = (action ?? pageFormAction).replacingOccurrences(of: "&amp;", with: "&")
      let response = LiveServerTests.route(live, HTTPRequest(method: .post, target: target, headers: headers, body: Array(body.utf8)))!
      if let set = response.headers["Set-Cookie"] { cookie = String(set.prefix { $0 != ";" }) }
      return response
    }

    var pageFormAction: String { Self.attribute("action", after: #"<form id="navdom-noscript""#, in: page) ?? "" }

    /// The node id a button labelled `label` posts (`name="navdom-click" value="ID"`).
    /// The first such button after `marker` (by default anywhere).
    func button(_ label: String, after marker: String = "<body>") -> String {
      guard let from = page.range(of: marker)?.upperBound,
        let end = page[from...].range(of: ">\(label)</button>")
      else { return "" }
      let start = page[..<end.lowerBound].range(of: "<button", options: .backwards)!
      return Self.attribute("value", after: "<button", in: String(page[start.lowerBound..<end.lowerBound])) ?? ""
    }

    static func attribute(_ name: String, after marker: String, in html: String) -> String? {
      guard let tag = html.range(of: marker) else { return nil }
      let rest = html[tag.upperBound...].prefix { $0 != ">" }
      guard let value = rest.range(of: " \(name)=\"") else { return nil }
      return String(rest[value.upperBound...].prefix { $0 != "\"" })
    }
  }

  @Test func aPageGivesItsButtonsAndFieldsToAFormThatPostsToTheSession() {
    let visitor = Visitor(LiveServer(app: Harness().app))
    visitor.get("/")
    let session = LiveServerTests.session(in: visitor.page)
    #expect(visitor.pageFormAction == "/_navdom/form?session=\(session)")
    // Before the container: the ids hydration numbers stay as they were.
    #expect(visitor.page.contains(#"<body><form id="navdom-noscript" method="post""#))
    #expect(visitor.page.contains(#"<button type="submit" class="primary" form="navdom-noscript" name="navdom-click" value=""#))
    #expect(!visitor.button("Add item").isEmpty)
  }

  @Test func theDemosAddItemFlowWorksByPostingForms() throws {
    let harness = Harness()
    let live = LiveServer(app: harness.app)
    let visitor = Visitor(live)
    visitor.get("/")
    let model = try #require(harness.models.last)

    let opened = visitor.post([("navdom-click", visitor.button("Add item"))])
    #expect(opened.status.code == 303)
    #expect(opened.headers["Location"] == "/new")  // the sheet's own URL
    #expect(opened.headers["Set-Cookie"]?.contains("HttpOnly") == true)
    visitor.get("/new")
    #expect(harness.models.count == 1, "the cookie brought the visitor back to their session")
    #expect(visitor.page.contains(">New item</h2>"))

    let saved = visitor.post([("name", "Desk lamp"), ("navdom-click", visitor.button("Save"))])
    #expect(saved.status.code == 303)
    #expect(saved.headers["Location"] == "/")
    #expect(model.items.map(\.name).contains("Desk lamp"))
    visitor.get("/")
    #expect(visitor.page.contains(">Desk lamp</a>"))
    #expect(!visitor.page.contains("<dialog"))

    // Its delete alert, whose buttons sit in a <form method="dialog">.
    _ = visitor.post([("navdom-click", Self.buttonValue(labelled: "Delete Desk lamp", in: visitor.page))])
    visitor.get("/")
    #expect(visitor.page.contains(#"role="alertdialog""#))
    _ = visitor.post([("navdom-click", visitor.button("Delete", after: #"role="alertdialog""#))])
    #expect(!model.items.map(\.name).contains("Desk lamp"))
    #expect(live.sessionCount == 1)
  }

  static func buttonValue(labelled label: String, in page: String) -> String {
    Visitor.attribute("value", after: "aria-label=\"\(label)\"", in: page) ?? ""
  }

  /// With routes, a pushed page's Back is a link to its parent's URL, which needs no script;
  /// a listening button posts and is answered with a redirect to the URL of the new state.
  @Test func aPushedPageIsReachedByRedirectAndLeftByItsBackLink() throws {
    let visitor = Visitor(LiveServer(app: Harness().app))
    visitor.get("/items/1")
    #expect(visitor.page.contains(#"<a href="/" class="navigation-back">Back</a>"#))
    visitor.get("/")
    let response = visitor.post([("navdom-click", Self.buttonValue(labelled: "Duplicate Keyboard", in: visitor.page))])
    #expect(response.status.code == 303)
    #expect(response.headers["Location"]?.hasPrefix("/") == true)
  }

  /// An app's own `<form>` with `.onSubmit`: it posts itself, with its fields.
  final class Signup {
    @Observed var email = ""
    @Observed var submitted: [String] = []
  }

  static func signupApp() -> (LiveApp, @Sendable () -> Signup?) {
    let made = Made()
    let app = LiveApp(title: "Signup") { url in
      guard url == "/" else { return nil }
      let model = Signup()
      made.set(model)
      let runtime = NavigationRuntime(retaining: [model]) {
        div {
          form(.onSubmit { model.submitted.append(model.email) }) {
            input(.type("email"), .value(model.email), .onInput { model.email = $0 })
            button { "Sign up" }
          }
          p { "Signed up: \(model.submitted.joined(separator: ", "))" }
        }
      }
      return AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { $0 == "/" })
    }
    return (app, { made.get() })
  }

  // Safe: `model` is written and read under `lock`.
  final class Made: @unchecked Sendable {
    private let lock = NSLock()
    private var model: Signup?
    func set(_ model: Signup) { lock.withLock { self.model = model } }
    func get() -> Signup? { lock.withLock { model } }
  }

  @Test func anAppsFormPostsItsFieldsAndItsSubmitHandlerRuns() throws {
    let (app, model) = Self.signupApp()
    let visitor = Visitor(LiveServer(app: app))
    visitor.get("/")
    let action = try #require(Visitor.attribute("action", after: "<form method=\"post\"", in: visitor.page))
    #expect(action.contains("&amp;form="))
    #expect(!visitor.page.contains("navdom-noscript"), "nothing needs the page's own form")
    let field = try #require(Visitor.attribute("name", after: "<input", in: visitor.page))
    let response = visitor.post([(field, "ada@example.com"), ("navdom-click", "")], action: action)
    #expect(response.status.code == 303)
    #expect(try #require(model()).submitted == ["ada@example.com"])
    visitor.get("/")
    #expect(visitor.page.contains("Signed up: ada@example.com"))
  }

  @Test func aFormFromAnotherSiteOrForAnEndedSessionChangesNothing() throws {
    let harness = Harness()
    let visitor = Visitor(LiveServer(app: harness.app))
    visitor.get("/")
    let refused = visitor.post([("navdom-click", visitor.button("Add item"))], origin: "http://evil.example")
    #expect(refused.status == .forbidden)
    #expect(try #require(harness.models.last).destination == nil, "the sheet did not open")
    let gone = visitor.post([("navdom-click", "7")], action: "/_navdom/form?session=0123456789abcdef0123456789abcdef")
    #expect(gone.status.code == 410)
    #expect(LiveServerTests.text(gone).contains("session has ended"))
  }

  @Test func withoutTheCookieEveryPageIsANewSessionAsBefore() {
    let live = LiveServer(app: Harness().app)
    _ = LiveServerTests.get(live, "/")
    _ = LiveServerTests.get(live, "/")
    #expect(live.sessionCount == 2)
  }
}
