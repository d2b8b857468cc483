import Foundation
import NavDOMSupport
import Testing
@testable import StaticServe

@Suite("Dynamic routes and event streams")
struct DynamicRoutingTests {
  @Test func routerRunsBeforeStaticFilesAndNilFallsThrough() throws {
    let site = try TestSite(router: { request in
      request.path == "/index.html" ? .html("<p>dynamic</p>") : nil
    })
    #expect(try site.get("/index.html")?.bodyText == "<p>dynamic</p>")
    #expect(try site.get("/docs/")?.bodyText == "docs index\n")
  }

  @Test func postBodyReachesTheRouter() throws {
    let received = Locked<[String]>([])
    let site = try TestSite(router: { request in
      guard request.method == .post, request.path == "/events" else { return nil }
      received.withLock { $0.append(request.bodyText) }
      return HTTPResponse(status: .noContent)
    })
    let connection = try site.connect()
    let body = #"{"handler":3,"type":"click"}"#
    connection.send("POST /events HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    #expect(connection.readResponse()?.status == 204)
    connection.send("POST /events HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n")
    usleep(50_000)
    connection.send("{}")
    #expect(connection.readResponse()?.status == 204)
    #expect(received.withLock { $0 } == [body, "{}"])
  }

  @Test func eventStreamDeliversEventsSentFromAnotherThread() throws {
    let site = try TestSite(router: { request in
      guard request.path == "/live" else { return nil }
      return .eventStream { stream in
        Thread.detachNewThread {
          for index in 0..<3 {
            stream.send(event: "tick", data: "\(index)\nline two", id: "\(index)")
            usleep(20_000)
          }
          stream.close()
        }
      }
    })
    let connection = try site.connect()
    connection.send("GET /live HTTP/1.1\r\nHost: a\r\n\r\n")
    let response = try #require(connection.readResponse())
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
    #expect(response.header("Transfer-Encoding") == "chunked")
    #expect(response.bodyText.contains("event: tick\nid: 2\ndata: 2\ndata: line two\n\n"))
    // The connection is reusable after the stream ends.
    connection.send("GET /docs/ HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(connection.readResponse()?.bodyText == "docs index\n")
  }

  @Test func eventStreamNoticesClientDisconnect() throws {
    let closed = Locked(false)
    let opened = Locked<EventStream?>(nil)
    let site = try TestSite(router: { request in
      guard request.path == "/live" else { return nil }
      return .eventStream { stream in
        stream.onClose { closed.withLock { $0 = true } }
        opened.withLock { $0 = stream }
        stream.send(event: "hello", data: "{}")
      }
    })
    do {
      let connection = try site.connect()
      connection.send("GET /live HTTP/1.1\r\nHost: a\r\n\r\n")
      #expect(connection.readUntil("event: hello") != nil)
    }
    var waited = 0
    while !closed.withLock({ $0 }) && waited < 100 {
      usleep(20_000)
      waited += 1
    }
    #expect(closed.withLock { $0 })
    let stream = try #require(opened.withLock { $0 })
    #expect(!stream.isOpen)
    #expect(!stream.send(data: "nobody listens"))
  }

  @Test func slowEventStreamReaderIsDroppedWhenBufferOverflows() throws {
    let result = Locked<Bool?>(nil)
    let site = try TestSite(
      configure: { $0.maximumStreamBufferBytes = 64 * 1024 },
      router: { _ in
        .eventStream { stream in
          Thread.detachNewThread {
            let chunk = String(repeating: "x", count: 16 * 1024)
            var accepted = true
            for _ in 0..<2000 where accepted { accepted = stream.send(data: chunk) }
            result.withLock { $0 = accepted }
          }
        }
      })
    let connection = try site.connect()
    connection.send("GET /firehose HTTP/1.1\r\nHost: a\r\n\r\n")  // and never read
    var waited = 0
    while result.withLock({ $0 }) == nil && waited < 200 {
      usleep(20_000)
      waited += 1
    }
    #expect(result.withLock { $0 } == false)
    withExtendedLifetime(connection) {}
  }

  @Test func headRequestForStreamSendsOnlyHeaders() throws {
    let site = try TestSite(router: { _ in .eventStream { _ in } })
    let connection = try site.connect()
    connection.send("HEAD /live HTTP/1.1\r\nHost: a\r\n\r\nGET /nothing-after HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    #expect(connection.readResponse(bodiless: true)?.status == 200)
  }
}
