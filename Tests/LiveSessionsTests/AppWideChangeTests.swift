import Foundation
import HTTPTestSupport
import LiveSessions
import NavigationCore
import StaticServe
import NavDOMSupport
import Testing
import VirtualDOM

/// `performOnEverySession` is safe from anywhere: from inside a session's own event (the
/// natural place: the visitor lent a book), from two sessions at once, from another thread.
/// It never waits for a session; each session applies the change in its own mailbox and its
/// page gets the patches over its stream, with the server alive throughout.
@Suite struct AppWideChangeTests {
  final class NoteModel {
    @Observed var notes: [String] = []
  }

  /// The live server, for a handler that needs `perform(session:)`'s answer (which a
  /// broadcast does not give).
  final class ServerBox: Sendable {
    let server = Locked<LiveServer?>(nil)
  }

  /// An app with one button ("Tell everyone", node 2) that tells every session from its own
  /// event: each page lists what it was told. The documented path, no box around the server:
  /// the handler broadcasts on the app's `PubSub`, and `onServe`, which hands over the server,
  /// subscribes and reaches every session.
  static func app(_ notes: PubSub, name: @escaping @Sendable () -> String) -> LiveApp {
    var app = LiveApp(title: "Notes") { url in
      guard url == "/" else { return nil }
      let model = NoteModel()
      let sender = name()
      let runtime = NavigationRuntime(retaining: [model]) {
        main {
          button(.onClick { notes.broadcast("note from \(sender)", on: "notes") }) { "Tell everyone" }
          ul { for note in model.notes { li { note } } }
        }
      }
      return AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { $0 == "/" })
    }
    app.onServe = { server in
      notes.subscribe(to: "notes", as: String.self) { note in
        server.performOnEverySession { $0.model(as: NoteModel.self)?.notes.append(note) }
      }
    }
    return app
  }

  /// A served notes app whose sessions are named visitor-0, visitor-1, … in the order opened.
  struct Served {
    let live: LiveServer
    let server: HTTPServer

    init() throws {
      let counter = Locked(0)
      let app = AppWideChangeTests.app(PubSub()) {
        counter.withLock { count in
          defer { count += 1 }
          return "visitor-\(count)"
        }
      }
      let live = LiveServer(app: app)
      app.onServe?(live)
      self.live = live
      server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil, quiet: true), router: live.router)
      try server.start()
    }

    /// Opens a page and its stream: the session id and the stream's connection.
    func openPage() throws -> (session: String, stream: RawConnection) {
      let page = try RawConnection(port: server.port)
      page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      let session = LiveServerTests.session(in: try #require(page.readResponse()).bodyText)
      let stream = try RawConnection(port: server.port)
      stream.send("GET /_navdom/stream?session=\(session) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      #expect(stream.readUntil("text/event-stream") != nil)
      return (session, stream)
    }

    func clickTellEveryone(in session: String) throws -> RawConnection {
      let connection = try RawConnection(port: server.port, receiveTimeout: 10)
      let body = #"{"session":"\#(session)","id":2,"event":"click"}"#
      connection.send(
        "POST /_navdom/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
      return connection
    }

    /// Reads `stream` until `text` arrives; push rounds run meanwhile (for a change applied
    /// before the stream had attached on the server's event loop).
    func waitFor(_ text: String, on stream: RawConnection) -> Bool {
      for _ in 0..<50 {
        stream.setReceiveTimeout(0.1)
        if stream.readUntil(text) != nil { return true }
        live.pushPendingChanges()
      }
      return false
    }

    /// Reads `stream` until every one of `texts` has arrived (in one message or several; the
    /// connection keeps all it has read).
    func waitForAll(_ texts: [String], on stream: RawConnection) -> Bool {
      texts.allSatisfy { waitFor($0, on: stream) }
    }
  }

  @Test func fromInsideASessionsOwnEventEveryPageGetsTheChange() throws {
    let served = try Served()
    defer { served.server.stop() }
    let pages = try (0..<3).map { _ in try served.openPage() }

    let reply = try #require(try served.clickTellEveryone(in: pages[0].session).readResponse())
    #expect(reply.status == 200)
    for page in pages { #expect(served.waitFor("note from visitor-0", on: page.stream)) }

    // The server is alive and the sender's session still answers.
    let again = try #require(try served.clickTellEveryone(in: pages[0].session).readResponse())
    #expect(again.status == 200)
  }

  @Test func fromTwoSessionsAtOnceNeitherWaitsForTheOther() throws {
    let served = try Served()
    defer { served.server.stop() }
    let pages = try (0..<3).map { _ in try served.openPage() }

    let first = try served.clickTellEveryone(in: pages[0].session)
    let second = try served.clickTellEveryone(in: pages[1].session)
    #expect(first.readResponse()?.status == 200)
    #expect(second.readResponse()?.status == 200)
    for page in pages {
      #expect(served.waitForAll(["note from visitor-0", "note from visitor-1"], on: page.stream))
    }
  }

  @Test func fromManyThreadsAtOnceWhileSessionsAreBusy() throws {
    let served = try Served()
    defer { served.server.stop() }
    let pages = try (0..<2).map { _ in try served.openPage() }
    let clicks = try pages.map { try served.clickTellEveryone(in: $0.session) }
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      served.live.performOnEverySession { $0.model(as: NoteModel.self)?.notes.append("thread note \(index)") }
    }
    for click in clicks { #expect(click.readResponse()?.status == 200) }
    let notes = (0..<8).map { "thread note \($0)" } + ["note from visitor-0", "note from visitor-1"]
    for page in pages { #expect(served.waitForAll(notes, on: page.stream)) }
  }

  @Test func performFromAnotherSessionsEventRefusesInsteadOfWaiting() throws {
    #expect(try Self.outcomeOfPerformFromAnEvent(onItsOwnSession: false) == false)
  }

  @Test func performFromASessionsOwnEventRunsAtOnce() throws {
    #expect(try Self.outcomeOfPerformFromAnEvent(onItsOwnSession: true) == true)
  }

  /// What `perform(session:)` returns when called from a session's event, on that session or
  /// on another; the event itself is answered either way.
  static func outcomeOfPerformFromAnEvent(onItsOwnSession own: Bool) throws -> Bool? {
    let box = ServerBox()
    let target = Locked<String?>(nil)
    let outcome = Locked<Bool?>(nil)
    let live = LiveServer(app: LiveApp(title: "Waiting") { url in
      guard url == "/" else { return nil }
      let model = NoteModel()
      let runtime = NavigationRuntime(retaining: [model]) {
        main {
          button(.onClick {
            let server = box.server.withLock { $0 }
            let session = target.withLock { $0 } ?? ""
            let done = server?.perform(session: session) { $0.model(as: NoteModel.self)?.notes.append("done") }
            outcome.withLock { $0 = done }
          }) { "Perform" }
          ul { for note in model.notes { li { note } } }
        }
      }
      return AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { $0 == "/" })
    })
    box.server.withLock { $0 = live }
    let server = HTTPServer(configuration: ServerConfiguration(port: 0, publicRoot: nil, quiet: true), router: live.router)
    try server.start()
    defer { server.stop() }
    func open() throws -> String {
      let page = try RawConnection(port: server.port)
      page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
      return LiveServerTests.session(in: try #require(page.readResponse()).bodyText)
    }
    let first = try open()
    let second = try open()
    target.withLock { $0 = own ? first : second }
    let connection = try RawConnection(port: server.port, receiveTimeout: 10)
    let body = #"{"session":"\#(first)","id":2,"event":"click"}"#
    connection.send(
      "POST /_navdom/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    let reply = try #require(connection.readResponse())
    #expect(reply.status == 200)
    #expect(reply.bodyText.contains("\"done\"") == own)  // inline, the reply carries the change
    return outcome.withLock { $0 }
  }

  @Test func performOnOneSessionFromAThreadReachesItsPageOnly() throws {
    let served = try Served()
    defer { served.server.stop() }
    let pages = try (0..<2).map { _ in try served.openPage() }
    #expect(served.live.perform(onSession: pages[1].session) { $0.model(as: NoteModel.self)?.notes.append("just you") })
    #expect(!served.live.perform(onSession: "forged") { _ in })
    #expect(served.waitFor("just you", on: pages[1].stream))
    // The first page was not told: its stream carries the next change only.
    served.live.performOnEverySession { $0.model(as: NoteModel.self)?.notes.append("everyone") }
    #expect(served.waitFor("everyone", on: pages[0].stream))
    #expect(pages[0].stream.readUntil("just you") == nil)
  }
}
