import Foundation
import Testing
@testable import StaticServe

@Suite("Static files")
struct StaticFileServingTests {
  @Test func getReturnsFileWithLengthTypeETagAndLastModified() throws {
    let site = try TestSite()
    let response = try #require(try site.get("/index.html"))
    #expect(response.status == 200)
    #expect(response.bodyText == TestSite.indexHTML)
    #expect(response.header("Content-Length") == String(TestSite.indexHTML.utf8.count))
    #expect(response.header("Content-Type") == "text/html; charset=utf-8")
    #expect(response.header("ETag")?.hasPrefix("\"") == true)
    #expect(response.header("Last-Modified")?.hasSuffix(" GMT") == true)
    #expect(response.header("Date") != nil)
  }

  @Test(arguments: [
    ("page.html", "text/html; charset=utf-8"),
    ("style.css", "text/css; charset=utf-8"),
    ("app.js", "text/javascript; charset=utf-8"),
    ("module.mjs", "text/javascript; charset=utf-8"),
    ("main.wasm", "application/wasm"),
    ("data.json", "application/json"),
    ("logo.svg", "image/svg+xml"),
    ("logo.png", "image/png"),
    ("favicon.ico", "image/x-icon"),
    ("notes.txt", "text/plain; charset=utf-8"),
    ("blob.bin", "application/octet-stream"),
  ])
  func contentTypeFollowsFileExtension(file: String, contentType: String) throws {
    let site = try TestSite()
    try site.write(file, "x")
    let response = try #require(try site.get("/\(file)"))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == contentType)
  }

  @Test func headSendsHeadersWithContentLengthButNoBody() throws {
    let site = try TestSite()
    let connection = try site.connect()
    connection.send("HEAD /index.html HTTP/1.1\r\nHost: a\r\n\r\nGET /docs/ HTTP/1.1\r\nHost: a\r\n\r\n")
    let head = try #require(connection.readResponse(bodiless: true))
    #expect(head.status == 200)
    #expect(head.header("Content-Length") == String(TestSite.indexHTML.utf8.count))
    // The next bytes are the second response's status line, proving HEAD sent no body.
    let next = try #require(connection.readResponse())
    #expect(next.status == 200)
    #expect(next.bodyText == "docs index\n")
  }

  @Test func matchingIfNoneMatchGives304WithoutBody() throws {
    let site = try TestSite()
    let first = try #require(try site.get("/index.html"))
    let entityTag = try #require(first.header("ETag"))
    let connection = try site.connect()
    connection.send("GET /index.html HTTP/1.1\r\nHost: a\r\nIf-None-Match: \(entityTag)\r\n\r\n")
    let revalidated = try #require(connection.readResponse())
    #expect(revalidated.status == 304)
    #expect(revalidated.body.isEmpty)
    #expect(revalidated.header("ETag") == entityTag)
    // The connection is still usable: no stray body bytes were sent.
    connection.send("GET /index.html HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"other\", W/\(entityTag)\r\n\r\n")
    #expect(connection.readResponse()?.status == 304)
    connection.send("GET /index.html HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"stale\"\r\n\r\n")
    #expect(connection.readResponse()?.status == 200)
  }

  @Test func changedFileGetsNewETagAndFullResponse() throws {
    let site = try TestSite()
    try site.write("data.json", "[1]")
    let first = try #require(try site.get("/data.json"))
    try site.write("data.json", "[1,2,3]")
    let second = try #require(try site.get("/data.json", headers: "If-None-Match: \(first.header("ETag")!)\r\n"))
    #expect(second.status == 200)
    #expect(second.bodyText == "[1,2,3]")
    #expect(second.header("ETag") != first.header("ETag"))
  }

  @Test func ifModifiedSinceAtOrAfterLastModifiedGives304() throws {
    let site = try TestSite()
    let first = try #require(try site.get("/index.html"))
    let lastModified = try #require(first.header("Last-Modified"))
    #expect(try site.get("/index.html", headers: "If-Modified-Since: \(lastModified)\r\n")?.status == 304)
    #expect(try site.get("/index.html", headers: "If-Modified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\n")?.status == 200)
  }

  @Test func directoryServesItsIndexHTML() throws {
    let site = try TestSite()
    #expect(try site.get("/")?.bodyText == TestSite.indexHTML)
    #expect(try site.get("/docs/")?.bodyText == "docs index\n")
  }

  @Test func directoryWithoutTrailingSlashRedirects() throws {
    let site = try TestSite()
    let response = try #require(try site.get("/docs?x=1"))
    #expect(response.status == 301)
    #expect(response.header("Location") == "/docs/?x=1")
  }

  @Test func directoryWithoutIndexIsNotListed() throws {
    let site = try TestSite()
    try site.write("empty/a.txt", "a")
    let response = try #require(try site.get("/empty/"))
    #expect(response.status == 404)
    #expect(!response.bodyText.contains("a.txt"))
  }

  @Test func missingFileGets404Page() throws {
    let site = try TestSite()
    let response = try #require(try site.get("/missing.html"))
    #expect(response.status == 404)
    #expect(response.header("Content-Type") == "text/html; charset=utf-8")
    #expect(response.bodyText.contains("404 Not Found"))
  }

  @Test func custom404HTMLInRootIsUsed() throws {
    let site = try TestSite()
    try site.write("404.html", "<h1>Lost?</h1>")
    let response = try #require(try site.get("/nowhere"))
    #expect(response.status == 404)
    #expect(response.bodyText == "<h1>Lost?</h1>")
  }

  @Test func largeFileIsSentCompletely() throws {
    let site = try TestSite()
    let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try site.write("big.bin", bytes: bytes)
    let response = try #require(try site.get("/big.bin"))
    #expect(response.status == 200)
    #expect(response.body == bytes)
  }

  @Test func putAndDeleteGet405WithAllow() throws {
    let site = try TestSite()
    for method in ["PUT", "DELETE", "POST", "PATCH", "OPTIONS"] {
      let response = try #require(
        try site.exchange("\(method) /index.html HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n"))
      #expect(response.status == 405, "\(method)")
      #expect(response.header("Allow") == "GET, HEAD")
    }
  }

  @Test func unknownMethodGets501() throws {
    let site = try TestSite()
    #expect(try site.exchange("BREW /pot HTTP/1.1\r\nHost: a\r\n\r\n")?.status == 501)
  }
}
