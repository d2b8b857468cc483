import DemoApp
import Foundation
import LiveSessions
import NavigationCore
import StaticServe
import Testing
import VirtualDOM

/// The live server as a browser meets it: pages rendered per URL, events answered with
/// patches, bad events refused with a reason and no change, sessions kept apart.
@Suite struct LiveServerTests {
  /// The demo app, keeping each session's model so tests can look at the state.
  final class DemoHarness: @unchecked Sendable {
    // Safe: `made` is only touched under `lock`; pages render on several threads at once.
    private let lock = NSLock()
    private var made: [InventoryModel] = []
    /// The models of the sessions started so far, oldest first.
    var models: [InventoryModel] { lock.withLock { made } }

    lazy var app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { [self] url in
      let model = InventoryModel()
      guard model.navigate(to: url) else { return nil }
      lock.withLock { made.append(model) }
      let runtime = NavigationRuntime(model: model) { inventoryView($0) }
      return AppSession(runtime: runtime, model: model, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
    }
  }

  static func get(_ live: LiveServer, _ target: String) -> HTTPResponse? {
    route(live, HTTPRequest(method: .get, target: target, headers: ["Host": "localhost"]))
  }

  static func post(_ live: LiveServer, _ json: String) -> HTTPResponse {
    route(live, HTTPRequest(method: .post, target: "/_navdom/event", headers: ["Host": "localhost"], body: Array(json.utf8)))!
  }

  /// The router's answer as the server would send it: a deferred response is waited for
  /// (`nil` when it passes the request on to the static files).
  static func route(_ live: LiveServer, _ request: HTTPRequest) -> HTTPResponse? {
    guard let response = live.router(request) else { return nil }
    guard case .deferred(let work) = response.body else { return response }
    let made = Made()
    work { made.set($0) }
    return made.wait()
  }

  /// A deferred response, waited for.
  // Safe: `response` is written once before the semaphore is signalled and read after waiting.
  final class Made: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var response: HTTPResponse?
    func set(_ response: HTTPResponse?) {
      self.response = response
      done.signal()
    }
    func wait() -> HTTPResponse? {
      done.wait()
      return response
    }
  }

  static func text(_ response: HTTPResponse?) -> String {
    guard case .bytes(let bytes)? = response?.body else { return "" }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func session(in html: String) -> String {
    let marker = "data-navdom-session=\""
    guard let start = html.range(of: marker)?.upperBound, let end = html[start...].firstIndex(of: "\"") else { return "" }
    return String(html[start..<end])
  }

  /// The id of the `<button>` or link whose text is `label`, in a session's current tree.
  static func buttonID(_ label: String, in runtime: NavigationRuntime) -> NodeID? {
    var found: NodeID?
    runtime.mountedTree.forEachNode { id, node in
      if found == nil, let element = node.element, element.tag == "button" || element.tag == "a",
        PatchDescription.textContent(of: node) == label
      {
        found = id
      }
    }
    return found
  }

  /// A visitor: the page they loaded, their session, and the model behind it.
  struct Visit {
    let live: LiveServer
    let session: String
    let model: InventoryModel

    init(_ live: LiveServer, _ harness: DemoHarness, url: String = "/") throws {
      self.live = live
      session = LiveServerTests.session(in: LiveServerTests.text(LiveServerTests.get(live, url)))
      model = try #require(harness.models.last)
    }

    /// The node id of the button labelled `label` in this session's current page.
    func id(of label: String) -> NodeID {
      live.result(inSession: session) { LiveServerTests.buttonID(label, in: $0.runtime) }.flatMap { $0 } ?? -1
    }

    /// Posts an event as runtime.js would.
    func send(id: NodeID, event: String = "click", session: String? = nil) -> HTTPResponse {
      LiveServerTests.post(live, #"{"session":"\#(session ?? self.session)","id":\#(id),"event":"\#(event)"}"#)
    }

    func click(_ label: String) -> HTTPResponse { send(id: id(of: label)) }
  }

  @Test func aPageRequestRendersTheStateForThatURL() {
    let live = LiveServer(app: DemoHarness().app)
    let html = Self.text(Self.get(live, "/items/1/edit/color"))
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains(">Pick a color</h1>"))
    #expect(html.contains(#"<script type="module" src="/runtime.js"></script>"#))
    #expect(Self.session(in: html).count == 32)
    #expect(live.sessionCount == 1)
  }

  @Test func headOfAPageStartsNoSession() {
    let live = LiveServer(app: DemoHarness().app)
    let response = Self.route(live, HTTPRequest(method: .head, target: "/items/1", headers: ["Host": "localhost"]))
    #expect(response?.status == .ok)
    #expect(Self.text(response).contains(">Keyboard</h1>"))  // the server drops it on the wire
    #expect(live.sessionCount == 0)
  }

  @Test func anURLTheAppDoesNotHaveFallsThroughToStaticFiles() {
    let live = LiveServer(app: DemoHarness().app)
    #expect(Self.get(live, "/app.css") == nil)
    // runtime.js comes with the library, whatever the public folder holds.
    #expect(Self.get(live, "/runtime.js")?.headers["Content-Type"] == "text/javascript; charset=utf-8")
    #expect(Self.get(live, "/items/99") == nil)
    #expect(live.sessionCount == 0)
  }

  @Test func anEventIsAnsweredWithPatchesAndChangesTheState() throws {
    let harness = DemoHarness()
    let visit = try Visit(LiveServer(app: harness.app), harness)
    let response = visit.click("Add item")
    #expect(response.status == .ok)
    let reply = Self.text(response)
    #expect(reply.hasPrefix(#"{"seq":1,"patches":[{"op":"insert""#))
    #expect(reply.contains(#""method":"showModal""#))
    guard case .addItem? = visit.model.destination else {
      Issue.record("the click did not open the New item sheet")
      return
    }
  }

  @Test func pushingAPageReportsTheNewURL() throws {
    let harness = DemoHarness()
    let visit = try Visit(LiveServer(app: harness.app), harness)
    let reply = Self.text(visit.click("Keyboard"))
    #expect(reply.hasSuffix(#","url":"/items/1","history":"push","title":"Keyboard"}"#))
  }

  @Test func sessionsAreIsolated() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    let first = try Visit(live, harness)
    let second = try Visit(live, harness)
    #expect(first.session != second.session)
    let deleteID = first.id(of: "Delete")
    _ = first.send(id: deleteID)
    #expect(first.model.destination != nil)
    #expect(second.model.destination == nil)
    // The first session's ids mean nothing in the second: the same id there is refused or
    // reaches a different node, never the first visitor's state.
    _ = second.send(id: deleteID)
    #expect(first.model.items.count == 3)
  }

  @Test func aStaleEventIsRefusedAndChangesNothing() throws {
    let harness = DemoHarness()
    let visit = try Visit(LiveServer(app: harness.app), harness)
    let addID = visit.id(of: "Add item")
    _ = visit.send(id: addID)
    let cancelID = visit.id(of: "Cancel")
    _ = visit.send(id: cancelID)
    #expect(visit.model.destination == nil)
    // The Cancel button is gone; a late click on it must not touch the sheet opened again.
    _ = visit.send(id: addID)
    let late = visit.send(id: cancelID)
    #expect(late.status.code == 409)
    #expect(Self.text(late).contains("error"))
    guard case .addItem? = visit.model.destination else {
      Issue.record("a stale event dismissed the newly opened sheet")
      return
    }
  }

  @Test(arguments: [
    (#"{"session":"S","id":1}"#, 400),
    (#"{"id":1,"event":"click"}"#, 400),
    (#"{"session":"S","id":"1","event":"click"}"#, 400),
    (#"{"session":"S","id":-1,"event":"click"}"#, 400),
    (#"{"session":"S","id":1,"event":"click","extra":true}"#, 400),
    (#"not json"#, 400),
    (#"{"session":"0000","id":1,"event":"click"}"#, 410),
  ])
  func aMalformedOrForgedEventGetsAClientError(body: String, status: Int) {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    _ = Self.get(live, "/")
    let response = Self.post(live, body)
    #expect(response.status.code == status)
    #expect(Self.text(response).hasPrefix(#"{"error":"#))
    #expect(harness.models.first?.destination == nil)
  }

  @Test func anOversizedEventIsRefused() {
    let live = LiveServer(app: DemoHarness().app, limits: LiveSessionLimits(maximumEventBytes: 64))
    let response = Self.post(live, #"{"session":"S","id":1,"event":"click","value":""# + String(repeating: "x", count: 100) + #""}"#)
    #expect(response.status == .contentTooLarge)
  }

  @Test func popstateMovesTheStackToTheURL() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try Visit(live, harness, url: "/items/1/edit")
    let (session, model) = (visit.session, visit.model)
    let response = Self.post(live, #"{"session":"\#(session)","id":0,"event":"popstate","value":"/items/1"}"#)
    #expect(response.status == .ok)
    #expect(model.url == "/items/1")
    let refused = Self.post(live, #"{"session":"\#(session)","id":0,"event":"popstate","value":"/nowhere"}"#)
    #expect(refused.status.code == 400)
    #expect(model.url == "/items/1")
  }

  @Test func sessionsAreBoundedInNumber() {
    let live = LiveServer(app: DemoHarness().app, limits: LiveSessionLimits(maximumSessions: 3))
    for _ in 0..<5 { _ = Self.get(live, "/") }
    #expect(live.sessionCount == 3)
  }

  @Test func aNewVisitorAtTheCapEvictsTheLeastRecentlyUsedSession() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app, limits: LiveSessionLimits(maximumSessions: 3))
    let first = try Visit(live, harness)
    let second = try Visit(live, harness)
    let third = try Visit(live, harness)
    #expect(first.click("Add item").status == .ok)  // the first is now the most recently used
    _ = Self.get(live, "/")
    let alive = { (visit: Visit) in live.perform(session: visit.session) { _ in } }
    #expect(!alive(second))
    #expect(alive(first) && alive(third))
    _ = Self.get(live, "/")
    #expect(!alive(third))
    #expect(alive(first))
    #expect(live.sessionCount == 3)
  }

  @Test func idleSessionsExpire() {
    let live = LiveServer(app: DemoHarness().app, limits: LiveSessionLimits(idleTimeout: .milliseconds(1)))
    _ = Self.get(live, "/")
    Thread.sleep(forTimeInterval: 0.01)
    live.pushPendingChanges()
    #expect(live.sessionCount == 0)
  }
}

extension LiveServerTests {
  @Test func aLargeReplyIsGzippedForClientsThatAcceptIt() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try Visit(live, harness)
    let body = Array(#"{"session":"\#(visit.session)","id":\#(visit.id(of: "Add item")),"event":"click"}"#.utf8)
    let response = Self.route(
      live,
      HTTPRequest(
        method: .post, target: "/_navdom/event",
        headers: ["Host": "localhost", "Accept-Encoding": "gzip, deflate, br"], body: body))!
    #expect(response.headers["Content-Encoding"] == "gzip")
    guard case .bytes(let bytes) = response.body else {
      Issue.record("no body")
      return
    }
    #expect(bytes.starts(with: [0x1F, 0x8B]))  // the gzip magic number
  }
}
