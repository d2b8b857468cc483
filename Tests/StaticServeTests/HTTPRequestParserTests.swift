import Testing
@testable import StaticServe

@Suite("Request parser")
struct HTTPRequestParserTests {
  private func parseAll(_ text: String, limits: RequestLimits = RequestLimits()) -> [HTTPParseResult] {
    var parser = HTTPRequestParser(limits: limits)
    parser.append(Array(text.utf8))
    var results: [HTTPParseResult] = []
    while true {
      let result = parser.nextRequest()
      results.append(result)
      if case .request = result { continue }
      return results
    }
  }

  @Test func parsesMethodTargetPathQueryVersionHeadersAndBody() throws {
    let results = parseAll("POST /events?session=7 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 11\r\nX-A:  spaced  \r\n\r\n{\"id\":3,\"v\"")
    guard case .request(let request) = results.first else {
      Issue.record("no request: \(results)")
      return
    }
    #expect(request.method == .post)
    #expect(request.target == "/events?session=7")
    #expect(request.path == "/events")
    #expect(request.query == "session=7")
    #expect(request.version == .http1_1)
    #expect(request.headers["host"] == "localhost")
    #expect(request.headers["X-A"] == "spaced")
    #expect(request.bodyText == "{\"id\":3,\"v\"")
    #expect(results.last == .needMoreData)
  }

  @Test func byteByByteFeedingGivesTheSameRequests() {
    let text = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /c HTTP/1.0\r\n\r\n"
    let whole = parseAll(text)
    var parser = HTTPRequestParser()
    var incremental: [HTTPParseResult] = []
    for byte in text.utf8 {
      parser.append([byte])
      while case .request(let request) = parser.nextRequest() { incremental.append(.request(request)) }
    }
    incremental.append(parser.nextRequest())
    #expect(incremental == whole)
    #expect(whole.count == 4)
  }

  @Test func acceptsBareLineFeedsAndLeadingEmptyLines() {
    let results = parseAll("\r\n\nGET / HTTP/1.1\nHost: a\n\n")
    guard case .request(let request) = results.first else {
      Issue.record("\(results)")
      return
    }
    #expect(request.path == "/")
  }

  @Test func requestLineOverLimitIs414() {
    let results = parseAll("GET /\(String(repeating: "x", count: 100)) HTTP/1.1\r\n", limits: RequestLimits(maximumRequestLineBytes: 50))
    #expect(results.first.map(statusCode) == 414)
  }

  @Test func headerSectionOverLimitIs431EvenBeforeItEnds() {
    let results = parseAll("GET / HTTP/1.1\r\nX: \(String(repeating: "x", count: 100))", limits: RequestLimits(maximumHeaderBytes: 50))
    #expect(results.first.map(statusCode) == 431)
  }

  @Test func contentLengthOverLimitIs413() {
    let results = parseAll("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n")
    #expect(results.first.map(statusCode) == 413)
  }

  @Test func parserStaysFailedAfterAnError() {
    var parser = HTTPRequestParser()
    parser.append(Array("BAD\r\n\r\n".utf8))
    #expect(statusCode(parser.nextRequest()) == 400)
    parser.append(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
    #expect(statusCode(parser.nextRequest()) == 400)
  }

  @Test func expectContinueIsAnnouncedOnceBeforeTheBody() {
    var parser = HTTPRequestParser()
    parser.append(Array("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
    #expect(parser.nextRequest() == .continueExpected)
    #expect(parser.nextRequest() == .needMoreData)
    parser.append(Array("hi".utf8))
    guard case .request(let request) = parser.nextRequest() else {
      Issue.record("no request")
      return
    }
    #expect(request.bodyText == "hi")
  }

  @Test func http10KeepsAliveOnlyWhenAsked() {
    #expect(!HTTPRequest(method: .get, target: "/", version: .http1_0).keepsConnectionAlive)
    #expect(HTTPRequest(method: .get, target: "/", version: .http1_0, headers: ["Connection": "Keep-Alive"]).keepsConnectionAlive)
    #expect(HTTPRequest(method: .get, target: "/").keepsConnectionAlive)
    #expect(!HTTPRequest(method: .get, target: "/", headers: ["Connection": "upgrade, close"]).keepsConnectionAlive)
  }

  private func statusCode(_ result: HTTPParseResult) -> Int? {
    if case .failure(let error) = result { return error.status.code }
    return nil
  }
}
