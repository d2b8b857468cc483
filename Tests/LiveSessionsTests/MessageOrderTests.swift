import DemoApp
import Foundation
@testable import HTTPServerCore
@testable import LiveSessions
import NavigationCore
import Testing
import VirtualDOM

/// Every message a session makes for its page carries the next number of one sequence, so the
/// page can put a push that overtook an event's reply back behind it; a session the server let
/// go takes no stream; the expiry thread runs once.
@Suite struct MessageOrderTests {
  /// The number a message's JSON starts with (`{"seq":N,...`), or nil.
  static func number(_ json: String) -> Int? {
    guard json.hasPrefix(#"{"seq":"#) else { return nil }
    return Int(json.dropFirst(7).prefix { $0.isNumber })
  }

  static func stream() -> EventStream {
    EventStream(usesChunkedFraming: false, maximumPendingBytes: 1 << 20, scheduleFlush: {})
  }

  /// What `stream` was sent, as text.
  static func sent(_ stream: EventStream) -> String {
    String(decoding: stream.takePending().bytes, as: UTF8.self)
  }

  @Test func repliesPushesAndSnapshotsShareOneSequenceInTheOrderTheyAreMade() throws {
    let harness = LiveServerTests.DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try LiveServerTests.Visit(live, harness)
    let session = try #require(live.liveSession(visit.session))
    let stream = Self.stream()
    session.attach(stream)

    let reply = LiveServerTests.text(visit.click("Add item"))
    #expect(Self.number(reply) == 1)
    live.perform(session: visit.session) { $0.model(as: InventoryModel.self)?.items.append(Item(id: 9, name: "Lamp", color: .red)) }
    var pushed = ""
    for _ in 0..<200 where !pushed.contains("Lamp") {
      pushed += Self.sent(stream)
      if !pushed.contains("Lamp") { Thread.sleep(forTimeInterval: 0.01) }
    }
    #expect(pushed.contains(#"data: {"seq":2,"patches":"#))
    let cancel = LiveServerTests.text(visit.click("Cancel"))
    #expect(Self.number(cancel) == 3)
    // A snapshot is numbered as the latest message it includes: pushes up to it are dropped.
    let snapshot = LiveServerTests.text(LiveServerTests.get(live, "/_navdom/resync?session=\(visit.session)"))
    #expect(Self.number(snapshot) == 3)
  }

  @Test func aRefusedEventTakesNoNumber() throws {
    let harness = LiveServerTests.DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try LiveServerTests.Visit(live, harness)
    #expect(visit.send(id: 999_999).status.code == 409)
    #expect(Self.number(LiveServerTests.text(visit.click("Add item"))) == 1)
  }

  @Test func aStreamAttachingToASessionEndedAfterItsLookupIsClosedAndItsReconnectHears410() throws {
    let harness = LiveServerTests.DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try LiveServerTests.Visit(live, harness)
    let streamRequest = HTTPRequest(method: .get, target: "/_navdom/stream?session=\(visit.session)", headers: ["Host": "localhost"])
    let response = try #require(live.router(streamRequest))
    guard case .stream(let onOpen) = response.body else {
      Issue.record("the stream request was not answered with a stream")
      return
    }
    // Evicted between the lookup (above) and the attach (the event loop opening the stream).
    try #require(live.liveSession(visit.session)).end()
    let stream = Self.stream()
    onOpen(stream)
    #expect(!stream.isOpen)
    #expect(Self.sent(stream).isEmpty)
    #expect(live.router(streamRequest)?.status.code == 410)
  }

  @Test func startingTheExpiryRightAfterStopLeavesExactlyOneExpiryThread() throws {
    let live = LiveServer(
      app: LiveServerTests.DemoHarness().app, limits: LiveSessionLimits(pushInterval: .milliseconds(20)))
    live.startExpiringIdleSessions()
    live.stop()
    live.startExpiringIdleSessions()
    live.startExpiringIdleSessions()  // already running: nothing more
    // The stopped thread ends at its next wake-up, within one interval; wait for it.
    let deadline = ContinuousClock.now + .seconds(10)
    while live.expiryThreads != 1 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(live.expiryThreads == 1)
    Thread.sleep(forTimeInterval: 0.1)  // several intervals: no second thread comes back
    #expect(live.expiryThreads == 1)
    live.stop()
    while live.expiryThreads != 0 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(live.expiryThreads == 0)
  }

  @Test func aMessageNumberIsTheObjectsFirstMember() {
    #expect(SessionReply(patches: []).json(sequence: 7) == #"{"seq":7,"patches":[]}"#)
    let navigated = SessionReply(patches: [], navigation: .init(url: "/a", history: .pop), title: "")
    #expect(navigated.json(sequence: 2) == #"{"seq":2,"patches":[],"url":"/a","history":"pop","title":""}"#)
    #expect(navigated.json == #"{"patches":[],"url":"/a","history":"pop","title":""}"#)
  }

  @Test func aReplyWritesItsPatchListWithTheWriterItIsGiven() {
    let reply = SessionReply(patches: [.remove(id: 4), .text(id: 5, text: "Hi")], title: "T")
    let counted = reply.json(sequence: 3) { patches, writer in writer.number(patches.count) }
    #expect(counted == #"{"seq":3,"patches":2,"title":"T"}"#)
    // A WebAssembly app that asks for runs of inserts (WasmApp.PatchFormat.insertRuns) writes
    // what a server writes natively.
    #expect(reply.json(sequence: nil, writingPatches: WireFormat.writeInsertRuns) == reply.json)
  }
}
