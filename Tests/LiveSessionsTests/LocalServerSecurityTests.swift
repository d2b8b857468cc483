import DemoApp
import Foundation
import HTTPTestSupport
import LiveSessions
import NavigationCore
import StaticServe
import Testing
import VirtualDOM

/// What a server on a developer's machine must refuse while they browse the web: other host
/// names (DNS rebinding), events and streams from other sites' pages, being framed; and its
/// static text goes out compressed.
@Suite struct LocalServerSecurityTests {
  static let publicRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("public").path

  /// The demo served live from the repository's public folder.
  struct Served {
    let harness = LiveServerTests.DemoHarness()
    let live: LiveServer
    let server: HTTPServer

    init(allowedHosts: [String] = []) throws {
      live = LiveServer(app: harness.app)
      server = HTTPServer(
        configuration: ServerConfiguration(
          port: 0, publicRoot: LocalServerSecurityTests.publicRoot, quiet: true,
          hostPolicy: HostPolicy(allowed: allowedHosts)),
        router: live.router)
      try server.start()
    }

    func get(_ target: String, headers: String = "Host: localhost\r\n", head: Bool = false) throws -> WireResponse {
      let connection = try RawConnection(port: server.port)
      connection.send("\(head ? "HEAD" : "GET") \(target) HTTP/1.1\r\n\(headers)\r\n")
      return try #require(connection.readResponse(bodiless: head))
    }

    func post(_ json: String, headers: String = "Host: localhost\r\n") throws -> WireResponse {
      let connection = try RawConnection(port: server.port)
      connection.send(
        "POST /_navdom/event HTTP/1.1\r\n\(headers)Content-Type: application/json\r\n"
          + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)")
      return try #require(connection.readResponse())
    }
  }

  @Test func aRebindingStyleHostIsRefusedBeforeAnyPageOrSession() throws {
    let served = try Served()
    defer { served.server.stop() }
    let refused = try served.get("/", headers: "Host: evil.example\r\n")
    #expect(refused.status == 403)
    #expect(refused.bodyText.contains("evil.example"))
    #expect(!refused.bodyText.contains("data-navdom-session"))
    #expect(try served.get("/runtime.js", headers: "Host: evil.example:8080\r\n").status == 403)
    #expect(served.live.sessionCount == 0)
    for allowed in ["localhost", "127.0.0.1:8080", "[::1]:8080", "app.localhost"] {
      #expect(try served.get("/", headers: "Host: \(allowed)\r\n").status == 200, "Host: \(allowed)")
    }
  }

  @Test func anAllowedHostNameIsServed() throws {
    let served = try Served(allowedHosts: ["navdom.lan", ".dev.test"])
    defer { served.server.stop() }
    #expect(try served.get("/", headers: "Host: navdom.lan:8080\r\n").status == 200)
    #expect(try served.get("/", headers: "Host: app.dev.test\r\n").status == 200)
    #expect(try served.get("/", headers: "Host: other.lan\r\n").status == 403)
  }

  @Test func anEventOrAStreamFromAnotherSiteIsRefusedAndChangesNothing() throws {
    let served = try Served()
    defer { served.server.stop() }
    let page = try served.get("/")
    let session = LiveServerTests.session(in: page.bodyText)
    let model = try #require(served.harness.models.first)
    let addItem = served.live.result(inSession: session) { LiveServerTests.buttonID("Add item", in: $0.runtime) }.flatMap { $0 }
    let click = #"{"session":"\#(session)","id":\#(try #require(addItem)),"event":"click"}"#

    let foreign = try served.post(click, headers: "Host: localhost:8080\r\nOrigin: http://evil.example\r\n")
    #expect(foreign.status == 403)
    #expect(foreign.bodyText.contains("another site"))
    #expect(model.destination == nil)
    // The next legitimate click opens the sheet: the refused one had not.
    let own = try served.post(click, headers: "Host: localhost:8080\r\nOrigin: http://localhost:8080\r\n")
    #expect(own.status == 200)
    #expect(own.bodyText.contains(#""tag":"dialog""#))

    let stream = try served.get(
      "/_navdom/stream?session=\(session)", headers: "Host: localhost\r\nOrigin: https://evil.example\r\n")
    #expect(stream.status == 403)
  }

  @Test func pagesEventsAndFilesCarryTheProtectiveHeaders() throws {
    let served = try Served()
    defer { served.server.stop() }
    let page = try served.get("/")
    let policy = try #require(page.header("Content-Security-Policy"))
    #expect(policy.contains("script-src 'self';"))
    #expect(policy.contains("frame-ancestors 'self'"))
    #expect(!policy.contains("unsafe-inline"))
    let event = try served.post(#"{"session":"nope","id":1,"event":"click"}"#)
    let file = try served.get("/app.css")
    for response in [page, event, file] {
      #expect(response.header("X-Frame-Options") == "SAMEORIGIN")
      #expect(response.header("X-Content-Type-Options") == "nosniff")
      #expect(response.header("Referrer-Policy") == "same-origin")
    }
  }

  @Test func runtimeJSArrivesGzipEncodedAndDecodesToTheBundlesBytes() throws {
    let served = try Served()
    defer { served.server.stop() }
    let plain = try served.get("/runtime.js")
    #expect(plain.header("Content-Encoding") == nil)
    #expect(plain.header("Vary") == "Accept-Encoding")
    #expect(plain.body == (try BrowserRuntimeBundle.served.get()).bytes)
    let gzipHeaders = "Host: localhost\r\nAccept-Encoding: gzip, br\r\n"
    let compressed = try served.get("/runtime.js", headers: gzipHeaders)
    #expect(compressed.header("Content-Encoding") == "gzip")
    #expect(compressed.header("Vary") == "Accept-Encoding")
    #expect(compressed.body.count < plain.body.count / 2)
    #expect(try Self.gunzip(compressed.body) == plain.body)

    let gzipTag = try #require(compressed.header("ETag"))
    #expect(gzipTag != plain.header("ETag"))

    let head = try served.get("/runtime.js", headers: gzipHeaders, head: true)
    #expect(head.header("Content-Length") == String(compressed.body.count))
    #expect(head.header("ETag") == gzipTag)
    let revalidated = try served.get("/runtime.js", headers: gzipHeaders + "If-None-Match: \(gzipTag)\r\n")
    #expect(revalidated.status == 304)
    #expect(revalidated.header("ETag") == gzipTag)
  }

  /// Decodes gzip with the system's `gzip -dc`, independently of the server's zlib calls.
  static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    let decoded = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(decoded)
  }
}
