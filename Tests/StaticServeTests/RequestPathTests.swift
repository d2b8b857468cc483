import Testing
@testable import StaticServe

@Suite("Request path decoding")
struct RequestPathTests {
  @Test func decodesSegmentsOnceAndDropsEmptyOnes() throws {
    let path = try RequestPath(decoding: "//docs/getting%20started.html")
    #expect(path.segments == ["docs", "getting started.html"])
    #expect(!path.hasTrailingSlash)
    #expect(try RequestPath(decoding: "/docs/").hasTrailingSlash)
    #expect(try RequestPath(decoding: "/").segments == [])
  }

  @Test(arguments: [
    "/..", "/a/../b", "/.", "/%2e%2e/x", "/%2E./x", "/a%2fb", "/a%2F..", "/a\\b", "/a%5cb", "/a%00", "/%252e%252e",
    "/%25%32%65", "/a%", "/a%4", "/a%g0", "/%c3", "relative", "", "/a%0d%0aSet-Cookie:x",
  ])
  func unsafePathIsRejectedWith400(raw: String) {
    #expect(throws: HTTPParseError.self) { try RequestPath(decoding: raw) }
    do {
      _ = try RequestPath(decoding: raw)
    } catch {
      #expect(error.status == .badRequest)
    }
  }
}
