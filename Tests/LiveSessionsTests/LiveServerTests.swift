import DemoApp
import Foundation
import LiveSessions
import NavigationCore
import StaticServe
import Testing
import VirtualDOM

/// The live server as a browser meets it: pages rendered per URL, events answered with
/// patches, bad events refused with a reason and no change, sessions kept apart.
@Suite(.serialized) struct LiveServerTests {
  /// The demo app, keeping each session's model so tests can look at the state.
  final class DemoHarness {
    var models: [InventoryModel] = []
    lazy var app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in
      let model = InventoryModel()
      guard model.navigate(to: url) else { return nil }
      self.models.append(model)
      let runtime = NavigationRuntime(model: model) { inventoryView($0) }
      return LiveAppSession(runtime: runtime, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
    }
  }

  static func get(_ live: LiveServer, _ target: String) -> HTTPResponse? {
    live.router(HTTPRequest(method: .get, target: target, headers: ["Host": "localhost"]))
  }

  static func post(_ live: LiveServer, _ json: String) -> HTTPResponse {
    live.router(HTTPRequest(method: .post, target: "/_navdom/event", headers: ["Host": "localhost"], body: Array(json.utf8)))!
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

  /// The id of the `<button>` whose text is `label`, in a session's current tree.
  static func buttonID(_ label: String, in model: InventoryModel, runtime: NavigationRuntime) -> NodeID? {
    var found: NodeID?
    runtime.mountedTree.forEachNode { id, node in
      if found == nil, let element = node.element, element.tag == "button",
        PatchDescription.textContent(of: node) == label
      {
        found = id
      }
    }
    return found
  }

  @Test func aPageRequestRendersTheStateForThatURL() {
    let live = LiveServer(app: DemoHarness().app)
    let html = Self.text(Self.get(live, "/items/1/edit/color"))
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains(">Pick a color</h1>"))
    #expect(html.contains("<script src=\"/runtime.js\" defer></script>"))
    #expect(Self.session(in: html).count == 32)
    #expect(live.sessionCount == 1)
  }

  @Test func anURLTheAppDoesNotHaveFallsThroughToStaticFiles() {
    let live = LiveServer(app: DemoHarness().app)
    #expect(Self.get(live, "/runtime.js") == nil)
    #expect(Self.get(live, "/items/99") == nil)
    #expect(live.sessionCount == 0)
  }

  @Test func anEventIsAnsweredWithPatchesAndChangesTheState() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    let session = Self.session(in: Self.text(Self.get(live, "/")))
    let model = try #require(harness.models.first)
    var addID: NodeID?
    live.perform(session: session) { addID = Self.buttonID("Add item", in: model, runtime: $0.runtime) }
    let response = Self.post(live, #"{"session":"\#(session)","id":\#(addID ?? -1),"event":"click"}"#)
    #expect(response.status == .ok)
    let reply = Self.text(response)
    #expect(reply.hasPrefix(#"{"patches":[{"op":"insert""#))
    #expect(reply.contains(#""method":"showModal""#))
    guard case .addItem? = model.destination else {
      Issue.record("the click did not open the New item sheet")
      return
    }
  }

  @Test func pushingAPageReportsTheNewURL() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    let session = Self.session(in: Self.text(Self.get(live, "/")))
    let model = try #require(harness.models.first)
    var keyboardID: NodeID?
    live.perform(session: session) { keyboardID = Self.buttonID("Keyboard", in: model, runtime: $0.runtime) }
    let reply = Self.text(Self.post(live, #"{"session":"\#(session)","id":\#(keyboardID ?? -1),"event":"click"}"#))
    #expect(reply.hasSuffix(#","url":"/items/1","history":"push"}"#))
  }

  @Test func sessionsAreIsolated() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    let first = Self.session(in: Self.text(Self.get(live, "/")))
    let second = Self.session(in: Self.text(Self.get(live, "/")))
    #expect(first != second)
    let (firstModel, secondModel) = (harness.models[0], harness.models[1])
    var deleteID: NodeID?
    live.perform(session: first) { deleteID = Self.buttonID("Delete", in: firstModel, runtime: $0.runtime) }
    _ = Self.post(live, #"{"session":"\#(first)","id":\#(deleteID ?? -1),"event":"click"}"#)
    #expect(firstModel.destination != nil)
    #expect(secondModel.destination == nil)
    // The first session's ids mean nothing in the second: the same id there is refused or
    // reaches a different node, never the first visitor's state.
    _ = Self.post(live, #"{"session":"\#(second)","id":\#(deleteID ?? -1),"event":"click"}"#)
    #expect(firstModel.items.count == 3)
  }

  @Test func aStaleEventIsRefusedAndChangesNothing() throws {
    let harness = DemoHarness()
    let live = LiveServer(app: harness.app)
    let session = Self.session(in: Self.text(Self.get(live, "/")))
    let model = try #require(harness.models.first)
    var addID: NodeID?
    live.perform(session: session) { addID = Self.buttonID("Add item", in: model, runtime: $0.runtime) }
    _ = Self.post(live, #"{"session":"\#(session)","id":\#(addID ?? -1),"event":"click"}"#)
    var cancelID: NodeID?
    live.perform(session: session) { cancelID = Self.buttonID("Cancel", in: model, runtime: $0.runtime) }
    _ = Self.post(live, #"{"session":"\#(session)","id":\#(cancelID ?? -1),"event":"click"}"#)
    #expect(model.destination == nil)
    // The Cancel button is gone; a late click on it must not touch anything.
    _ = Self.post(live, #"{"session":"\#(session)","id":\#(addID ?? -1),"event":"click"}"#)
    let late = Self.post(live, #"{"session":"\#(session)","id":\#(cancelID ?? -1),"event":"click"}"#)
    #expect(late.status.code == 409)
    #expect(Self.text(late).contains("error"))
    guard case .addItem? = model.destination else {
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
    (#"{"session":"0000","id":1,"event":"click"}"#, 404),
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
    let session = Self.session(in: Self.text(Self.get(live, "/items/1/edit")))
    let model = try #require(harness.models.first)
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
    let session = Self.session(in: Self.text(Self.get(live, "/")))
    let model = try #require(harness.models.first)
    var addID: NodeID?
    live.perform(session: session) { addID = Self.buttonID("Add item", in: model, runtime: $0.runtime) }
    let body = Array(#"{"session":"\#(session)","id":\#(addID ?? -1),"event":"click"}"#.utf8)
    let response = live.router(
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
