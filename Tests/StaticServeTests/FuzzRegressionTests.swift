import Testing
@testable import StaticServe

/// Inputs kept from fuzzing the parser (Scripts/fuzz-request-parser.sh). The fuzzer's invariant
/// is that feeding bytes whole or in pieces gives the same outcome; these pin the cases where
/// a limit sat exactly on a line ending, so a lone trailing CR must not count against it.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  private static let limits = RequestLimits(
    maximumRequestLineBytes: 200, maximumHeaderBytes: 400, maximumHeaderCount: 8, maximumBodyBytes: 300)

  /// Parses whole and in pieces of `step` bytes; returns the two outcomes as comparable strings.
  private func outcomes(_ bytes: [UInt8], step: Int) -> (whole: [String], pieces: [String]) {
    func drain(_ parser: inout HTTPRequestParser, _ into: inout [String]) -> Bool {
      while true {
        switch parser.nextRequest() {
        case .request(let request): into.append("\(request.method) \(request.target) \(request.body.count)")
        case .continueExpected: continue
        case .needMoreData: return true
        case .failure(let error):
          into.append("failure \(error.status.code)")
          return false
        }
      }
    }
    var whole = HTTPRequestParser(limits: Self.limits)
    whole.append(bytes)
    var wholeResults: [String] = []
    _ = drain(&whole, &wholeResults)
    var pieces = HTTPRequestParser(limits: Self.limits)
    var pieceResults: [String] = []
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + step)
      pieces.append(bytes[offset..<end])
      offset = end
      if !drain(&pieces, &pieceResults) { break }
    }
    return (wholeResults, pieceResults)
  }

  @Test func headerSectionEndingExactlyAtLimitIsAcceptedHoweverItArrives() {
    let field = "X: " + String(repeating: "v", count: 400 - "Host: a\r\n".utf8.count - 3)
    let text = "GET / HTTP/1.1\r\nHost: a\r\n\(field)\r\n\r\n"
    for step in 1...7 {
      let (whole, pieces) = outcomes(Array(text.utf8), step: step)
      #expect(whole == ["GET / 0"])
      #expect(pieces == whole, "step \(step)")
    }
  }

  @Test func requestLineExactlyAtLimitIsAcceptedHoweverItArrives() {
    let target = "/" + String(repeating: "a", count: 200 - "GET  HTTP/1.1".utf8.count - 1)
    let text = "GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n"
    for step in 1...7 {
      let (whole, pieces) = outcomes(Array(text.utf8), step: step)
      #expect(whole == ["GET \(target) 0"])
      #expect(pieces == whole, "step \(step)")
    }
  }

  @Test func seedCorpusParsesTheSameWholeAndInPieces() {
    let seeds = [
      "POST /events?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\nhelloGET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
      "GET /%2e%2e/%252e%2f..%5c%00 HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"x\"\r\n\r\n",
      "OPTIONS * HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n",
      "GET http://h/a?b#c HTTP/1.1\nHost: a\n\n",
      "\r\n\r\n\rGET / HTTP/1.1\r\n",
    ]
    for seed in seeds {
      for step in [1, 2, 3, 5, 13] {
        let (whole, pieces) = outcomes(Array(seed.utf8), step: step)
        #expect(pieces == whole, "\(seed.debugDescription) step \(step)")
      }
    }
  }
}
