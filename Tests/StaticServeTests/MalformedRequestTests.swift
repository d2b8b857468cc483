import Foundation
import Testing
@testable import StaticServe

/// Malformed input gets the right status over the wire, and the server keeps serving.
@Suite("Malformed requests")
struct MalformedRequestTests {
  @Test(arguments: [
    ("garbage\r\n\r\n", 400),
    ("GET\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n\r\n", 400),  // no Host
    ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", 400),
    ("GET / HTTP/x.y\r\nHost: a\r\n\r\n", 400),
    ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
    ("GET index.html HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nNo-Colon\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
    ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
    ("GET * HTTP/1.1\r\nHost: a\r\n\r\n", 400),
    ("G\u{7F}T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
  ])
  func malformedRequestGetsStatusAndClose(request: String, status: Int) throws {
    let site = try TestSite()
    let connection = try site.connect()
    connection.send(request)
    let response = try #require(connection.readResponse())
    #expect(response.status == status)
    #expect(response.header("Connection") == "close")
    #expect(connection.waitForClose())
    #expect(try site.get("/")?.status == 200)
  }

  @Test func binaryNoiseNeverStopsTheServer() throws {
    let site = try TestSite()
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let connection = try site.connect()
      connection.send(bytes: (0..<Int.random(in: 1..<4000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
      connection.send("\r\n\r\n")
    }
    #expect(try site.get("/")?.status == 200)
  }

  @Test func clientVanishingMidResponseDoesNotStopTheServer() throws {
    let site = try TestSite()
    try site.write("big.bin", bytes: [UInt8](repeating: 7, count: 8_000_000))
    for _ in 0..<5 {
      let connection = try site.connect()
      connection.send("GET /big.bin HTTP/1.1\r\nHost: a\r\n\r\n")
    }
    usleep(100_000)
    #expect(try site.get("/")?.status == 200)
  }
}
