import Foundation
import NavDOMSupport
import Testing
@testable import StaticServe

@Suite("Graceful shutdown")
struct GracefulShutdownTests {
  @Test func stopFinishesInFlightResponseThenRefusesConnections() throws {
    let site = try TestSite()
    let bytes = [UInt8](repeating: 42, count: 16_000_000)
    try site.write("big.bin", bytes: bytes)
    let connection = try site.connect()
    connection.send("GET /big.bin HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(connection.readUntil("\r\n\r\n") != nil)  // the response has started
    let stopped = Locked(false)
    let stopper = Thread {
      site.server.stop()
      stopped.withLock { $0 = true }
    }
    stopper.start()
    usleep(50_000)
    #expect(throws: (any Error).self) { try RawConnection(port: site.port) }
    // The in-flight download still completes in full, then the connection closes.
    #expect(connection.waitForClose())
    let received = connection.received
    #expect(received.utf8.count >= bytes.count)
    var waited = 0
    while !stopped.withLock({ $0 }) && waited < 100 {
      usleep(20_000)
      waited += 1
    }
    #expect(stopped.withLock { $0 })
    #expect(!site.server.isRunning)
  }

  @Test func stopClosesIdleKeepAliveConnectionsAndEndsEventStreams() throws {
    let streamClosed = Locked(false)
    let site = try TestSite(router: { request in
      guard request.path == "/live" else { return nil }
      return .eventStream { stream in stream.onClose { streamClosed.withLock { $0 = true } } }
    })
    let idle = try site.connect()
    idle.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(idle.readResponse()?.status == 200)
    let live = try site.connect()
    live.send("GET /live HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(live.readUntil("\r\n\r\n") != nil)
    let start = Date()
    site.server.stop()
    #expect(Date().timeIntervalSince(start) < 2)
    #expect(idle.waitForClose())
    #expect(live.waitForClose())
    #expect(live.received.hasSuffix("0\r\n\r\n"))
    #expect(streamClosed.withLock { $0 })
  }

  @Test func stopTwiceIsHarmlessAndPortZeroReportsRealPort() throws {
    let site = try TestSite()
    #expect(site.port > 0)
    site.server.stop()
    site.server.stop()
    #expect(!site.server.isRunning)
  }
}
