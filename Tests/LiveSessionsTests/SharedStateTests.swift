import Foundation
import HTTPTestSupport
import LiveSessions
import NavigationCore
import StaticServe
import NavDOMSupport
import Testing
import VirtualDOM

/// State shared by every visitor: `SharedState` changes from any thread and announces each
/// change on a `PubSub` topic; README's server-push example (one visitor's click reaching every
/// other page) runs here as written there.
@Suite struct SharedStateTests {
  final class CounterModel {
    @Observed var count = 0
  }

  /// README's server-push example, with `likes` passed in rather than a global of the test
  /// process (each test has its own).
  static func sharedCounterApp(likes: SharedState<Int>) -> LiveApp {
    @Sendable func sharedCounterSession(url: String) -> AppSession? {
      guard url == "/" else { return nil }
      let model = CounterModel()
      model.count = likes.value
      let runtime = NavigationRuntime(retaining: [model]) {
        main {
          h1 { "Count: \(model.count)" }
          button(.onClick { model.count = likes.update { $0 += 1 } }) { "Add one for everyone" }
        }
      }
      return AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { $0 == "/" })
    }
    var app = LiveApp(title: "Counter") { url in sharedCounterSession(url: url) }
    app.onServe = { server in
      likes.onChange { _ in  // every open page shows the new count
        server.performOnEverySession { $0.model(as: CounterModel.self)?.count = likes.value }
      }
    }
    return app
  }

  @Test func oneVisitorsClickReachesEveryOtherPage() throws {
    let likes = SharedState(0, topic: "likes")
    let app = Self.sharedCounterApp(likes: likes)
    let live = LiveServer(app: app)
    app.onServe?(live)
    let server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil, quiet: true), router: live.router)
    try server.start()
    defer { server.stop() }
    func openPage() throws -> (session: String, html: String, stream: RawConnection) {
      let page = try RawConnection(port: server.port)
      page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      let html = try #require(page.readResponse()).bodyText
      let session = LiveServerTests.session(in: html)
      let stream = try RawConnection(port: server.port)
      stream.send("GET /_navdom/stream?session=\(session) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      #expect(stream.readUntil("text/event-stream") != nil)
      return (session, html, stream)
    }
    let pages = try (0..<3).map { _ in try openPage() }

    // Visitor 0 clicks "Add one for everyone" (<main>=1, <h1>=2, its text=3, the button=4).
    let click = try RawConnection(port: server.port, receiveTimeout: 10)
    let body = #"{"session":"\#(pages[0].session)","id":4,"event":"click"}"#
    click.send(
      "POST /_navdom/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    let reply = try #require(click.readResponse())
    #expect(reply.status == 200)
    #expect(reply.bodyText.contains("Count: 1"))  // the clicker's own page, in its reply

    for page in pages.dropFirst() {  // every other page, over its stream
      var pushed: String?
      for _ in 0..<50 where pushed == nil {
        page.stream.setReceiveTimeout(0.1)
        pushed = page.stream.readUntil("Count: 1")
        live.pushPendingChanges()
      }
      #expect(pushed != nil)
    }
    #expect(try openPage().html.contains("Count: 1"))  // and a new visitor's first paint
  }

  @Test func updatesFromManyThreadsAreEachAppliedAndAnnounced() {
    let state = SharedState(0, topic: "count")
    let announced = Locked(0)
    state.onChange { _ in announced.withLock { $0 += 1 } }
    DispatchQueue.concurrentPerform(iterations: 100) { _ in state.update { $0 += 1 } }
    #expect(state.value == 100)
    #expect(announced.withLock { $0 } == 100)
  }

  @Test func twoCopiesOnOneEngineFollowEachOtherAsTwoProcessesWould() {
    let engine = LocalPubSubEngine()
    let first = SharedState([String](), topic: "books", pubsub: PubSub(engine: engine))
    let second = SharedState([String](), topic: "books", pubsub: PubSub(engine: engine))
    first.update { $0.append("Dune") }
    #expect(second.value == ["Dune"])
    second.update { $0.append("Emma") }
    #expect(first.value == ["Dune", "Emma"])
  }

  @Test func anOlderChangeArrivingLateChangesNothing() {
    let engine = LocalPubSubEngine()
    let state = SharedState(0, topic: "count", pubsub: PubSub(engine: engine))
    state.update { $0 = 5 }
    state.update { $0 = 7 }
    engine.publish(Array(#"{"version":1,"value":5}"#.utf8), on: "count")
    #expect(state.value == 7)
  }

  @Test func pubSubDeliversTypedMessagesByTopicAndSkipsOnesThatDoNotDecode() {
    struct Lent: Codable, Sendable, Equatable { var book: Int }
    let pubsub = PubSub()
    let received = Locked<[Lent]>([])
    pubsub.subscribe(to: "lending", as: Lent.self) { lent in received.withLock { $0.append(lent) } }
    #expect(pubsub.broadcast(Lent(book: 3), on: "lending"))
    pubsub.broadcast(Lent(book: 4), on: "returns")  // another topic
    pubsub.engine.publish(Array("not json".utf8), on: "lending")
    pubsub.broadcast("a string", on: "lending")
    #expect(received.withLock { $0 } == [Lent(book: 3)])
  }
}
