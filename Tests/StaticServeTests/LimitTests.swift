import Foundation
import Testing
@testable import StaticServe

@Suite("Limits")
struct LimitTests {
  @Test func overlongRequestLineGets414() throws {
    let site = try TestSite(configure: { $0.requestLimits.maximumRequestLineBytes = 1024 })
    let target = "/" + String(repeating: "a", count: 2000)
    let connection = try site.connect()
    connection.send("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(connection.readResponse()?.status == 414)
    #expect(connection.waitForClose())
  }

  @Test func overlongRequestLineWithoutLineEndGets414() throws {
    let site = try TestSite(configure: { $0.requestLimits.maximumRequestLineBytes = 1024 })
    let connection = try site.connect()
    connection.send("GET /" + String(repeating: "a", count: 4000))
    #expect(connection.readResponse()?.status == 414)
  }

  @Test func oversizedHeaderSectionGets431() throws {
    let site = try TestSite(configure: { $0.requestLimits.maximumHeaderBytes = 2048 })
    let connection = try site.connect()
    connection.send("GET / HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "b", count: 4000))\r\n\r\n")
    #expect(connection.readResponse()?.status == 431)
    #expect(connection.waitForClose())
  }

  @Test func tooManyHeaderFieldsGets431() throws {
    let site = try TestSite(configure: { $0.requestLimits.maximumHeaderCount = 10 })
    var request = "GET / HTTP/1.1\r\nHost: a\r\n"
    for index in 0..<20 { request += "X-\(index): v\r\n" }
    #expect(try site.exchange(request + "\r\n")?.status == 431)
  }

  @Test func bodyOverLimitGets413BeforeItIsSent() throws {
    let site = try TestSite(configure: { $0.requestLimits.maximumBodyBytes = 1000 })
    let connection = try site.connect()
    connection.send("POST /events HTTP/1.1\r\nHost: a\r\nContent-Length: 1000000\r\n\r\n")
    #expect(connection.readResponse()?.status == 413)
    #expect(connection.waitForClose())
  }

  @Test func slowClientIsCutOffAfterRequestReadTimeout() throws {
    let site = try TestSite(configure: { $0.requestReadTimeout = .milliseconds(300) })
    let connection = try site.connect()
    let start = Date()
    connection.send("GET / HTTP/1.1\r\nHost: a\r\n")  // never finishes the header section
    let response = try #require(connection.readResponse())
    #expect(response.status == 408)
    #expect(connection.waitForClose())
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed >= 0.25 && elapsed < 2)
  }

  @Test func tricklingClientIsCutOffEvenWhileSendingBytes() throws {
    let site = try TestSite(configure: { $0.requestReadTimeout = .milliseconds(300) })
    let connection = try site.connect()
    let start = Date()
    var closed = false
    for _ in 0..<40 where !closed {
      closed = !connection.send("X-Drip: 1\r\n")
      usleep(50_000)
      if Date().timeIntervalSince(start) > 1.5 { break }
    }
    #expect(connection.waitForClose())
    #expect(Date().timeIntervalSince(start) < 2.5)
  }

  @Test func silentConnectionIsClosedAfterRequestReadTimeout() throws {
    let site = try TestSite(configure: { $0.requestReadTimeout = .milliseconds(300) })
    let connection = try site.connect()
    let start = Date()
    #expect(connection.waitForClose())
    #expect(Date().timeIntervalSince(start) < 2)
  }

  @Test func slowClientsDoNotHoldUpOthers() throws {
    let site = try TestSite(configure: { $0.eventLoopCount = 1 })
    let slow = try (0..<50).map { _ in try site.connect() }
    for connection in slow { connection.send("GET / HTTP/1.1\r\nHo") }
    let start = Date()
    for _ in 0..<20 {
      #expect(try site.get("/")?.status == 200)
    }
    #expect(Date().timeIntervalSince(start) < 1)
    withExtendedLifetime(slow) {}
  }

  @Test func connectionsOverTheLimitGet503() throws {
    let site = try TestSite(configure: { $0.maximumConnections = 2 })
    let first = try site.connect()
    let second = try site.connect()
    first.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
    second.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(first.readResponse()?.status == 200)
    #expect(second.readResponse()?.status == 200)
    let third = try site.connect()
    #expect(third.readResponse()?.status == 503)
    #expect(third.waitForClose())
    // Closing one frees a slot.
    withExtendedLifetime(first) {}
    _ = consume first
    usleep(100_000)
    #expect(try site.get("/")?.status == 200)
    withExtendedLifetime(second) {}
  }
}
