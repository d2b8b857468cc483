import Foundation
import Testing
@testable import StaticServe

@Suite("Connections")
struct ConnectionTests {
  @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
    let site = try TestSite()
    let connection = try site.connect()
    for _ in 0..<5 {
      connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
      let response = try #require(connection.readResponse())
      #expect(response.status == 200)
      #expect(response.header("Connection") == nil)
    }
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() throws {
    let site = try TestSite()
    for index in 0..<20 { try site.write("file\(index).txt", "body \(index)") }
    let connection = try site.connect()
    var pipeline = ""
    for index in 0..<20 { pipeline += "GET /file\(index).txt HTTP/1.1\r\nHost: a\r\n\r\n" }
    pipeline += "GET /missing HTTP/1.1\r\nHost: a\r\n\r\n"
    connection.send(pipeline)
    for index in 0..<20 {
      #expect(connection.readResponse()?.bodyText == "body \(index)")
    }
    #expect(connection.readResponse()?.status == 404)
  }

  @Test func pipelinedRequestsSplitAcrossPacketsAreAnsweredInOrder() throws {
    let site = try TestSite()
    try site.write("a.txt", "A")
    try site.write("b.txt", "B")
    let connection = try site.connect()
    let bytes = Array("GET /a.txt HTTP/1.1\r\nHost: a\r\n\r\nGET /b.txt HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
    for byte in bytes { connection.send(bytes: [byte]) }
    #expect(connection.readResponse()?.bodyText == "A")
    #expect(connection.readResponse()?.bodyText == "B")
  }

  @Test func connectionCloseIsHonoured() throws {
    let site = try TestSite()
    let connection = try site.connect()
    connection.send("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n")
    let response = try #require(connection.readResponse())
    #expect(response.header("Connection") == "close")
    #expect(connection.waitForClose())
    #expect(connection.received.isEmpty)  // the request after `close` was not answered
  }

  @Test func http10ClosesByDefault() throws {
    let site = try TestSite()
    let connection = try site.connect()
    connection.send("GET / HTTP/1.0\r\n\r\n")
    let response = try #require(connection.readResponse())
    #expect(response.status == 200)
    #expect(response.statusLine.hasPrefix("HTTP/1.1 200"))
    #expect(connection.waitForClose())
  }

  @Test func http10KeepAliveOnRequest() throws {
    let site = try TestSite()
    let connection = try site.connect()
    connection.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    let response = try #require(connection.readResponse())
    #expect(response.header("Connection") == "keep-alive")
    connection.send("GET /docs/ HTTP/1.0\r\n\r\n")
    #expect(connection.readResponse()?.bodyText == "docs index\n")
    #expect(connection.waitForClose())
  }

  @Test func expectContinueGets100BeforeBody() throws {
    let site = try TestSite(router: { request in
      request.method == .post ? .text("got \(request.bodyText)") : nil
    })
    let connection = try site.connect()
    connection.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
    #expect(connection.readResponse()?.status == 100)
    connection.send("hello")
    #expect(connection.readResponse()?.bodyText == "got hello")
  }

  @Test func idleKeepAliveConnectionIsClosedAfterIdleTimeout() throws {
    let site = try TestSite(configure: { $0.idleTimeout = .milliseconds(200) })
    let connection = try site.connect()
    connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(connection.readResponse()?.status == 200)
    let start = Date()
    #expect(connection.waitForClose())
    #expect(Date().timeIntervalSince(start) < 2)
  }

  @Test func busyKeepAliveConnectionOutlivesIdleTimeout() throws {
    let site = try TestSite(configure: { $0.idleTimeout = .milliseconds(300) })
    let connection = try site.connect()
    let start = Date()
    while Date().timeIntervalSince(start) < 1 {
      connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(connection.readResponse()?.status == 200)
      usleep(100_000)
    }
  }
}
