import Foundation
import HTTPTestSupport
import LiveSessions
import Testing

/// Session work runs on a fixed number of workers (`LiveSessionLimits.workers`), not on a pool
/// that grows when handlers block: at most that many jobs run at once, a session that blocks
/// holds only its own worker, and the time limit answers even when every worker is blocked.
@Suite struct BoundedWorkersTests {
  typealias Gated = SessionConcurrencyTests

  @Test func noMoreJobsRunAtOnceThanThereAreWorkers() throws {
    let gated = Gated.GatedApp()
    let served = try Gated.Served(gated, limits: LiveSessionLimits(workers: 2))
    defer { served.stop() }
    let sessions = try (0..<4).map { _ in try served.openSession() }

    // Four sessions each start a handler that blocks until released.
    let requests = try sessions.map { try served.click(Gated.slow, in: $0) }
    gated.entered.wait()
    gated.entered.wait()  // two run now: both workers are blocked
    for _ in 0..<2 {
      gated.release.signal()  // one finishes, which frees its worker for the next session
      gated.entered.wait()
    }
    gated.release.signal()
    gated.release.signal()
    for request in requests { #expect(request.readResponse()?.status == 200) }
    #expect(gated.running.withLock { $0.most } == 2)
  }

  @Test func sessionsBlockedOnAllButOneWorkerStarveNoOtherSession() throws {
    let gated = Gated.GatedApp()
    let served = try Gated.Served(gated, limits: LiveSessionLimits(workers: 3))
    defer { served.stop() }
    let stuck = try (0..<2).map { _ in try served.openSession() }
    let slowRequests = try stuck.map { try served.click(Gated.slow, in: $0) }
    gated.entered.wait()
    gated.entered.wait()  // every worker but one is blocked, and stays so until released

    // The last worker serves everything else: new pages, and other sessions' events in turn.
    let others = try (0..<3).map { _ in try served.openSession() }
    for taps in 1...4 {
      for session in others {
        let reply = try #require(try served.click(Gated.fast, in: session).readResponse())
        #expect(reply.status == 200)
        #expect(reply.bodyText.contains("Fast \(taps)"))
      }
    }

    gated.release.signal()
    gated.release.signal()
    for request in slowRequests { #expect(request.readResponse()?.status == 200) }
  }

  @Test func theTimeLimitAnswersWhenEveryWorkerIsBlocked() throws {
    let gated = Gated.GatedApp()
    let served = try Gated.Served(gated, limits: LiveSessionLimits(eventTimeLimit: .milliseconds(200), workers: 1))
    defer { served.stop() }
    let stuck = try served.openSession()
    let waiting = try served.openSession()
    let slowRequest = try served.click(Gated.slow, in: stuck)
    gated.entered.wait()  // the only worker is blocked

    // The other session's event waits in its mailbox; its time limit still answers it.
    let reply = try #require(try served.click(Gated.fast, in: waiting).readResponse())
    #expect(reply.status == 503)
    #expect(reply.bodyText.contains("took longer than"))
    #expect(slowRequest.readResponse()?.status == 503)

    gated.release.signal()
    // Once the worker is free, both sessions answer again.
    for session in [waiting, stuck] {
      var status = 0
      for _ in 0..<50 where status != 200 {
        status = try #require(try served.click(Gated.fast, in: session).readResponse()).status
        if status != 200 { Thread.sleep(forTimeInterval: 0.05) }
      }
      #expect(status == 200)
    }
  }
}
