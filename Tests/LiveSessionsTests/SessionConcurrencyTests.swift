import Foundation
import HTTPTestSupport
import LiveSessions
import NavigationCore
import StaticServe
import NavDOMSupport
import Testing
import VirtualDOM

/// Sessions are serialized one by one, never globally: while one session's handler is stuck,
/// other sessions' events, static files and streams are answered, and the stuck session gets a
/// 503 with a reason once its time limit passes, then works again.
@Suite struct SessionConcurrencyTests {
  /// An app with one button whose handler waits for the test to let it go ("Slow"), and one
  /// that answers at once ("Fast").
  final class GatedApp: @unchecked Sendable {
    // Safe: the semaphores and the mutex are thread-safe.
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    /// Slow handlers running now, and the most that ever ran at once.
    let running = Locked((now: 0, most: 0))

    var app: LiveApp {
      LiveApp(title: "Gated") { [self] url in
        guard url == "/" else { return nil }
        final class Model { @Observed var taps = 0 }
        let model = Model()
        let runtime = NavigationRuntime(retaining: [model]) {
          main {
            button(.onClick { [self] in
              running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
              entered.signal()
              release.wait()
              running.withLock { $0.now -= 1 }
              model.taps += 1
            }) { "Slow" }
            button(.onClick { model.taps += 1 }) { "Fast \(model.taps)" }
          }
        }
        return AppSession(runtime: runtime, currentURL: { "/" }, navigate: { _ in false })
      }
    }
  }

  /// A served app and a public folder holding one file.
  struct Served {
    let server: HTTPServer
    let live: LiveServer
    let root: URL

    init(_ gated: GatedApp, limits: LiveSessionLimits = LiveSessionLimits()) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("navdom-gated-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try "body { }".write(to: root.appendingPathComponent("app.css"), atomically: true, encoding: .utf8)
      live = LiveServer(app: gated.app, limits: limits)
      server = HTTPServer(
        configuration: ServerConfiguration(port: 0, publicRoot: root.path, quiet: true), router: live.router)
      try server.start()
    }

    func stop() {
      server.stop()
      try? FileManager.default.removeItem(at: root)
    }

    /// Opens the page and returns its session id.
    func openSession() throws -> String {
      let page = try RawConnection(port: server.port)
      page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      return LiveServerTests.session(in: try #require(page.readResponse()).bodyText)
    }

    /// Sends a click on node `id` on a connection of its own and returns that connection.
    func click(_ id: Int, in session: String) throws -> RawConnection {
      let connection = try RawConnection(port: server.port, receiveTimeout: 10)
      let body = #"{"session":"\#(session)","id":\#(id),"event":"click"}"#
      connection.send(
        "POST /_navdom/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
      return connection
    }
  }

  // Node ids, numbered from 1 in document order: <main>=1, Slow button=2, its text=3, Fast=4.
  static let slow = 2
  static let fast = 4

  @Test func aStuckSessionHoldsUpNeitherOtherSessionsNorFilesNorStreams() throws {
    let gated = GatedApp()
    let served = try Served(gated)
    defer { served.stop() }
    let stuck = try served.openSession()
    let other = try served.openSession()

    let slowRequest = try served.click(Self.slow, in: stuck)
    gated.entered.wait()  // the slow handler is running now, and stays until released

    let fastReply = try #require(try served.click(Self.fast, in: other).readResponse())
    #expect(fastReply.status == 200)
    #expect(fastReply.bodyText.contains("Fast 1"))

    let file = try RawConnection(port: served.server.port)
    file.send("GET /app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(file.readResponse()?.bodyText == "body { }")

    let stream = try RawConnection(port: served.server.port)
    stream.send("GET /_navdom/stream?session=\(stuck) HTTP/1.1\r\nHost: localhost\r\n\r\n")
    #expect(stream.readUntil("text/event-stream") != nil)

    gated.release.signal()
    #expect(slowRequest.readResponse()?.status == 200)
  }

  @Test func anEventPastItsTimeLimitGets503AndTheSessionWorksAgain() throws {
    let gated = GatedApp()
    let served = try Served(gated, limits: LiveSessionLimits(eventTimeLimit: .milliseconds(200)))
    defer { served.stop() }
    let session = try served.openSession()

    let slowReply = try #require(try served.click(Self.slow, in: session).readResponse())
    #expect(slowReply.status == 503)
    #expect(slowReply.bodyText.contains("took longer than"))
    gated.entered.wait()
    gated.release.signal()

    // The session is usable again once its handler returns: the next event is answered.
    var status = 0
    for _ in 0..<50 where status != 200 {
      status = try #require(try served.click(Self.fast, in: session).readResponse()).status
      if status != 200 { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(status == 200)
  }
}
