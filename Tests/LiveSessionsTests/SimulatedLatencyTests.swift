import Foundation
import StaticServe
import Testing

@testable import LiveSessions
@testable import NavDOMCommandLine

/// `serve --latency`: the delays it accepts, and an event answered through it (the app's own
/// deferred answer passed on, pages untouched).
@Suite struct SimulatedLatencyTests {
  @Test(arguments: [("300ms", 300), ("1s", 1000), ("0.5s", 500), ("250", 250), ("0ms", 0)])
  func aDelayIsReadInMilliseconds(text: String, milliseconds: Int64) {
    #expect(SimulatedLatency.parse(text) == .milliseconds(milliseconds))
  }

  @Test(arguments: ["soon", "-5ms", "61s", "", "ms", "nan"])
  func anythingElseIsRefused(text: String) {
    #expect(SimulatedLatency.parse(text) == nil)
  }

  @Test func anEventGoesThroughTheDelayAndItsAnswerComesBack() throws {
    let harness = LiveServerTests.DemoHarness()
    let live = LiveServer(app: harness.app)
    let visit = try LiveServerTests.Visit(live, harness)
    let router = SimulatedLatency(delay: .milliseconds(1)).delaying(live.router)
    let body = Array(#"{"session":"\#(visit.session)","id":\#(visit.id(of: "Add item")),"event":"click"}"#.utf8)
    let request = HTTPRequest(method: .post, target: "/_navdom/event", headers: ["Host": "localhost"], body: body)
    let delayed = try #require(router(request))
    guard case .deferred(let work) = delayed.body else {
      Issue.record("an event's answer is not deferred")
      return
    }
    let made = LiveServerTests.Made()
    work { made.set($0) }
    let response = try #require(made.wait())
    #expect(response.status == .ok)
    #expect(LiveServerTests.text(response).hasPrefix(#"{"patches":"#))
    // Anything but an event is answered at once, as it is.
    let slow = SimulatedLatency(delay: .seconds(60)).delaying { _ in .text("page") }
    let page = slow(HTTPRequest(method: .get, target: "/", headers: ["Host": "localhost"]))
    #expect(LiveServerTests.text(page) == "page")
  }
}
