import Foundation
import Testing
@testable import StaticServe

/// The answers StaticFileHandler keeps for small files (StaticFileCache): each change to the
/// file, or to the path that leads to it, is seen on the next request, as without the cache.
@Suite("Static file cache")
struct StaticFileCacheTests {
  @Test func anEditedFileIsServedAsItIsNowEvenWithTheSameSize() throws {
    let site = try TestSite()
    try site.write("note.txt", "first")
    #expect(try site.get("/note.txt")?.bodyText == "first")
    #expect(try site.get("/note.txt")?.bodyText == "first")  // kept
    try site.write("note.txt", "again")  // a new file renamed over it: another inode
    #expect(try site.get("/note.txt")?.bodyText == "again")
    // Rewritten in place, same inode and size: the modification and change times differ.
    Thread.sleep(forTimeInterval: 0.02)
    let handle = try FileHandle(forWritingTo: site.root.appendingPathComponent("note.txt"))
    try handle.write(contentsOf: Data("third".utf8))
    try handle.close()
    #expect(try site.get("/note.txt")?.bodyText == "third")
  }

  @Test func aRemovedFileIsNotFound() throws {
    let site = try TestSite()
    try site.write("gone.txt", "here")
    #expect(try site.get("/gone.txt")?.status == 200)
    try FileManager.default.removeItem(at: site.root.appendingPathComponent("gone.txt"))
    #expect(try site.get("/gone.txt")?.status == 404)
  }

  @Test func aFolderSwappedForASymlinkLeadingOutsideTheRootIsNotFollowed() throws {
    let site = try TestSite()
    try site.write("docs/secret.txt", "public copy")
    #expect(try site.get("/docs/secret.txt")?.bodyText == "public copy")
    // The folder becomes a link to a folder outside the root holding a file of the same name.
    let docs = site.root.appendingPathComponent("docs")
    try FileManager.default.removeItem(at: docs)
    try FileManager.default.createSymbolicLink(at: docs, withDestinationURL: site.outside)
    let response = try #require(try site.get("/docs/secret.txt"))
    #expect(response.status == 404)
    #expect(!response.bodyText.contains(TestSite.secret))
  }

  @Test func aKeptFileStillAnswersValidatorsAndGzip() throws {
    let site = try TestSite()
    let text = String(repeating: "navdom ", count: 100)
    try site.write("page.txt", text)
    let first = try #require(try site.get("/page.txt"))
    let entityTag = try #require(first.header("ETag"))
    let kept = try #require(try site.get("/page.txt"))
    #expect(kept.bodyText == text)
    #expect(kept.header("ETag") == entityTag)
    #expect(try site.get("/page.txt", headers: "If-None-Match: \(entityTag)\r\n")?.status == 304)
    // A client that takes gzip gets the compressed representation, not the kept one.
    let gzipped = try #require(try site.get("/page.txt", headers: "Accept-Encoding: gzip\r\n"))
    #expect(gzipped.header("Content-Encoding") == "gzip")
    #expect(gzipped.header("ETag") != entityTag)
  }
}
