import DemoApp
import Foundation
import NavigationCore
import StaticServe
import Testing
import VirtualDOM

@testable import LiveSessions

/// What lets a page survive foreign DOM changes (issue 29): the check the page carries, which
/// runtime.js computes the same way, and the snapshot a page rebuilds itself from.
@Suite struct ResyncTests {
  /// Values runtime.js's `verifyHydration` gives for the same trees parsed from their HTML
  /// (jsdom): tags, text with CR and CR LF as LF, comments, SVG's case, adjacent and empty text.
  @Test func theCheckIsTheOneRuntimeJSComputes() {
    #expect(HydrationCheck.value(of: [ul { li { "One" } }]) == "3:ead091aa")
    let mixed: [Node] = [
      p { "a\r\nb\rc" }, .comment("note"),
      svg { makeElement("foreignObject", namespace: .svg, [], children: []) },
    ]
    #expect(HydrationCheck.value(of: mixed) == "5:3e702203")
    #expect(HydrationCheck.value(of: [p { Node.text("a"); Node.text("b"); Node.text("") }]) == "4:2203c7b6")
  }

  @Test func aPageCarriesTheCheckOfItsTree() throws {
    let harness = LiveServerTests.DemoHarness()
    let live = LiveServer(app: harness.app)
    let html = LiveServerTests.text(LiveServerTests.get(live, "/"))
    let (expected, nodeCount) = try #require(
      live.result(inSession: LiveServerTests.session(in: html)) { session in
        (HydrationCheck.value(of: session.runtime.nodes), session.runtime.nodes.reduce(0) { $0 + $1.subtreeSize })
      })
    #expect(expected.hasPrefix("\(nodeCount):"))
    #expect(html.contains(#"data-navdom-check="\#(expected)""#))
  }

  @Test func aSnapshotIsTheSessionsCurrentPageWithItsIds() throws {
    let harness = LiveServerTests.DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try LiveServerTests.Visit(live, harness)
    let fresh = LiveServerTests.text(LiveServerTests.get(live, "/_navdom/resync?session=\(visit.session)"))
    #expect(fresh.hasPrefix(#"{"seq":0,"html":"<div class=\"navigation-stack\">"#))
    #expect(!fresh.contains(#""ids":"#))  // a fresh tree is numbered 1, 2, 3…
    #expect(fresh.contains(#""patches":[{"op":"listen","#))
    #expect(fresh.hasSuffix(#","url":"/"}"#))

    // Once the app has changed the page (an item added on the server, not yet pushed), the
    // snapshot holds the change, its ids say where the new nodes are, and the change is not
    // pushed again afterwards.
    let oldCount = try #require(
      live.result(inSession: visit.session) { session in
        session.model(as: InventoryModel.self)?.items.insert(Item(id: 9, name: "Lamp", color: .red), at: 0)
        return session.runtime.mountedTree.ids.count
      })
    let changed = LiveServerTests.text(LiveServerTests.get(live, "/_navdom/resync?session=\(visit.session)"))
    #expect(changed.contains("Lamp"))
    // The old nodes keep their ids, in order; the new row's nodes take fresh ones, in one run
    // where the row went (before the old rows).
    let ids = try #require(Self.ids(in: changed))
    let newIDs = ids.filter { $0 > oldCount }
    #expect(!newIDs.isEmpty && newIDs == Array(newIDs[0]..<(newIDs[0] + newIDs.count)))
    #expect(ids.filter { $0 <= oldCount } == Array(1...oldCount))
    let firstNew = try #require(ids.firstIndex(of: newIDs[0]))
    #expect(ids[firstNew..<(firstNew + newIDs.count)].elementsEqual(newIDs))
    let nothingPending = live.result(inSession: visit.session) { $0.takePendingChanges() == nil }
    #expect(nothingPending == true)
  }

  /// The `"ids"` array of a snapshot's JSON.
  static func ids(in json: String) -> [Int]? {
    guard let data = json.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object["ids"] as? [Int]
  }

  @Test func anUnknownOrMissingSessionIsRefused() {
    let live = LiveServer(app: LiveServerTests.DemoHarness().app)
    #expect(LiveServerTests.get(live, "/_navdom/resync?session=0000")?.status.code == 410)
    #expect(LiveServerTests.get(live, "/_navdom/resync")?.status.code == 400)
  }
}

extension ResyncTests {
  @Test func aResyncFromAnotherSitesPageIsRefused() throws {
    let harness = LiveServerTests.DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try LiveServerTests.Visit(live, harness)
    let request = HTTPRequest(
      method: .get, target: "/_navdom/resync?session=\(visit.session)",
      headers: ["Host": "localhost", "Origin": "https://evil.example"])
    #expect(LiveServerTests.route(live, request)?.status.code == 403)
  }
}
