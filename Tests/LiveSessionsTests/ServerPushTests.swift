import DemoApp
import Foundation
import HTTPTestSupport
import LiveSessions
import NavigationCore
import StaticServe
import Testing

/// Changes made on the server, with no browser event (a timer, background work), reach the
/// page over the session's Server-Sent Events stream.
@Suite struct ServerPushTests {
  /// A served demo with one page loaded: its session id and model.
  struct ServedPage {
    let live: LiveServer
    let server: HTTPServer
    let session: String
    let model: InventoryModel

    init() throws {
      let harness = LiveServerTests.DemoHarness()
      live = LiveServer(app: harness.app)
      server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil, quiet: true), router: live.router)
      try server.start()
      let page = try RawConnection(port: server.port)
      page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      session = LiveServerTests.session(in: try #require(page.readResponse()).bodyText)
      model = try #require(harness.models.first)
    }

    func openStream() throws -> RawConnection {
      let stream = try RawConnection(port: server.port)
      stream.send("GET /_navdom/stream?session=\(session) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      return stream
    }
  }

  @Test func aServerSideChangeIsPushedToTheOpenStream() throws {
    let served = try ServedPage()
    defer { served.server.stop() }
    let (live, session, model) = (served.live, served.session, served.model)

    let stream = try served.openStream()
    #expect(stream.readUntil("text/event-stream") != nil)
    live.perform(session: session) { _ in model.items.append(Item(id: 9, name: "Lamp", color: .red)) }
    // The stream attaches on the server's event loop; until it has, a round pushes nothing
    // and the change stays pending for the next one.
    var pushed: String?
    for _ in 0..<50 where pushed == nil {
      live.pushPendingChanges()
      stream.setReceiveTimeout(0.1)
      pushed = stream.readUntil("Lamp")
    }
    let message = try #require(pushed)
    #expect(message.contains(#"data: {"patches":[{"op":"insert""#))
  }

  @Test func aChangeMadeOnEverySessionReachesEachPageThroughItsModel() throws {
    // The app as a user writes it: the session carries its model, and the server side finds it
    // with model(as:), not through the test's own list of models.
    let live = LiveServer(app: LiveApp(title: "Inventory") { url in startInventory(url: url) })
    let server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil, quiet: true), router: live.router)
    try server.start()
    defer { server.stop() }

    var streams: [RawConnection] = []
    for _ in 0..<2 {
      let page = try RawConnection(port: server.port)
      page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      let session = LiveServerTests.session(in: try #require(page.readResponse()).bodyText)
      let stream = try RawConnection(port: server.port)
      stream.send("GET /_navdom/stream?session=\(session) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      #expect(stream.readUntil("text/event-stream") != nil)
      streams.append(stream)
    }

    let changed = live.performOnEverySession { session in
      session.model(as: InventoryModel.self)?.items.append(Item(id: 9, name: "Lamp", color: .red))
    }
    #expect(changed == 2)
    for stream in streams {
      var pushed: String?
      for _ in 0..<50 where pushed == nil {
        live.pushPendingChanges()
        stream.setReceiveTimeout(0.1)
        pushed = stream.readUntil("Lamp")
      }
      #expect(try #require(pushed).contains(#"data: {"patches":[{"op":"insert""#))
    }
  }

  /// No push round runs here (no `pushPendingChanges`, no expiry thread): the session sends
  /// what `perform` left pending when that job ends, or when the stream opens.
  @Test func aChangeMadeByPerformReachesTheStreamWithoutAPushRound() throws {
    let served = try ServedPage()
    defer { served.server.stop() }
    let (live, session, model) = (served.live, served.session, served.model)

    // Changed before any stream is open: it waits for the stream.
    live.perform(session: session) { _ in model.items.append(Item(id: 9, name: "Lamp", color: .red)) }
    let stream = try served.openStream()
    stream.setReceiveTimeout(5)
    #expect(stream.readUntil("Lamp") != nil)

    // Changed while the stream is open: sent as the job ends.
    live.perform(session: session) { _ in model.items.append(Item(id: 10, name: "Desk", color: .blue)) }
    #expect(stream.readUntil("Desk") != nil)
  }

  /// At the cap, an open tab (its page listening on the stream) counts as in use: a visitor
  /// who left goes first, though their request came later.
  @Test func atTheCapAPageThatListensOutlivesOneWhoseVisitorLeft() throws {
    let live = LiveServer(app: LiveServerTests.DemoHarness().app, limits: LiveSessionLimits(maximumSessions: 2))
    let server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil, quiet: true), router: live.router)
    try server.start()
    defer { server.stop() }
    func visit() throws -> String {
      let page = try RawConnection(port: server.port)
      page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      return LiveServerTests.session(in: try #require(page.readResponse()).bodyText)
    }
    let listening = try visit()
    let stream = try RawConnection(port: server.port)
    stream.send("GET /_navdom/stream?session=\(listening) HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(stream.readUntil("text/event-stream") != nil)  // attached before its headers went out
    let left = try visit()
    _ = try visit()
    #expect(live.perform(session: listening) { _ in })
    #expect(!live.perform(session: left) { _ in })
  }

  @Test func aSessionsModelIsFoundOnlyAsItsOwnType() throws {
    let session = try #require(inventorySession(url: "/"))
    #expect(session.model(as: InventoryModel.self) != nil)
    #expect(session.model(as: NavigationRuntime.self) == nil)
    let bare = AppSession(runtime: session.runtime, currentURL: { "/" }, navigate: { _ in false })
    #expect(bare.model(as: InventoryModel.self) == nil)
  }

  @Test func aStreamForAnUnknownSessionIsRefused() throws {
    let live = LiveServer(app: LiveServerTests.DemoHarness().app)
    let server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil, quiet: true), router: live.router)
    try server.start()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send("GET /_navdom/stream?session=forged HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(connection.readResponse()?.status == 410)
  }
}
