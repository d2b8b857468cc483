import Foundation
import Testing
@testable import StaticServe

/// Every trick for reaching a file outside the public root must fail, and never leak it.
@Suite("Path security")
struct PathSecurityTests {
  /// Requests a raw target and checks the secret file beside the root never comes back.
  private func expectRefused(_ target: String, status: Int = 400, in site: TestSite) throws {
    let response = try #require(try site.get(target), "no response for \(target)")
    #expect(response.status == status, "\(target)")
    #expect(!response.bodyText.contains(TestSite.secret), "\(target) leaked the secret")
  }

  @Test func dotDotSegmentsAreRejected() throws {
    let site = try TestSite()
    try expectRefused("/../private/secret.txt", in: site)
    try expectRefused("/docs/../../private/secret.txt", in: site)
    try expectRefused("/docs/..", in: site)
    try expectRefused("/./index.html", in: site)
  }

  @Test func percentEncodedDotsAreRejected() throws {
    let site = try TestSite()
    try expectRefused("/%2e%2e/private/secret.txt", in: site)
    try expectRefused("/%2E%2E/private/secret.txt", in: site)
    try expectRefused("/.%2e/private/secret.txt", in: site)
  }

  @Test func doubleEncodedDotsAndSlashesAreRejected() throws {
    let site = try TestSite()
    try expectRefused("/%252e%252e/private/secret.txt", in: site)
    try expectRefused("/%252e%252e%252fprivate%252fsecret.txt", in: site)
    try expectRefused("/docs%252f..%252f..%252fprivate/secret.txt", in: site)
  }

  @Test func encodedSlashIsRejected() throws {
    let site = try TestSite()
    try expectRefused("/..%2fprivate%2fsecret.txt", in: site)
    try expectRefused("/docs%2Findex.html", in: site)
  }

  @Test func backslashesRawAndEncodedAreRejected() throws {
    let site = try TestSite()
    try expectRefused("/..\\private\\secret.txt", in: site)
    try expectRefused("/..%5cprivate%5csecret.txt", in: site)
    try expectRefused("/docs%5C..%5C..%5Cprivate%5Csecret.txt", in: site)
  }

  @Test func nulIsRejected() throws {
    let site = try TestSite()
    try expectRefused("/index.html%00.txt", in: site)
    try expectRefused("/%00", in: site)
  }

  @Test func malformedPercentEncodingIsRejected() throws {
    let site = try TestSite()
    try expectRefused("/index%2", in: site)
    try expectRefused("/index%zz.html", in: site)
    try expectRefused("/%ff%fe", in: site)  // not UTF-8
  }

  @Test func symlinkToFileOutsideRootIsNotFollowed() throws {
    let site = try TestSite()
    try FileManager.default.createSymbolicLink(
      at: site.root.appendingPathComponent("leak.txt"), withDestinationURL: site.outside.appendingPathComponent("secret.txt"))
    try expectRefused("/leak.txt", status: 404, in: site)
  }

  @Test func symlinkToDirectoryOutsideRootIsNotFollowed() throws {
    let site = try TestSite()
    try FileManager.default.createSymbolicLink(
      at: site.root.appendingPathComponent("escape"), withDestinationURL: site.outside)
    try expectRefused("/escape/secret.txt", status: 404, in: site)
    try expectRefused("/escape/", status: 404, in: site)
  }

  @Test func symlinkInsideRootIsServed() throws {
    let site = try TestSite()
    try FileManager.default.createSymbolicLink(
      at: site.root.appendingPathComponent("home.html"), withDestinationURL: site.root.appendingPathComponent("index.html"))
    #expect(try site.get("/home.html")?.bodyText == TestSite.indexHTML)
  }

  @Test func hiddenFilesAreNotServed() throws {
    let site = try TestSite()
    try site.write(".env", "PASSWORD=1")
    try site.write(".git/config", "[core]")
    try expectRefused("/.env", status: 404, in: site)
    try expectRefused("/.git/config", status: 404, in: site)
  }

  @Test func absoluteFormTargetIsConfinedToRoot() throws {
    let site = try TestSite()
    #expect(try site.get("http://localhost/index.html")?.bodyText == TestSite.indexHTML)
    try expectRefused("http://localhost/../private/secret.txt", in: site)
  }

  @Test func queryDoesNotChangeTheFile() throws {
    let site = try TestSite()
    #expect(try site.get("/index.html?../../private/secret.txt")?.bodyText == TestSite.indexHTML)
  }

  @Test func encodedSpacesAndUnicodeNamesAreServed() throws {
    let site = try TestSite()
    try site.write("my notes é.txt", "ok")
    #expect(try site.get("/my%20notes%20%C3%A9.txt")?.bodyText == "ok")
  }
}
