import Foundation
@_exported import HTTPTestSupport
import StaticServe

/// A temporary public directory with a running server in front of it.
final class TestSite: Sendable {
  let root: URL
  /// A directory beside the root (never served) holding a secret file.
  let outside: URL
  let server: HTTPServer

  static let indexHTML = "<!doctype html><title>Home</title><h1>Home</h1>\n"
  static let secret = "TOP-SECRET-OUTSIDE-ROOT"

  init(
    configure: (inout ServerConfiguration) -> Void = { _ in },
    router: HTTPServer.Router? = nil
  ) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("staticserve-\(UUID().uuidString)")
    root = base.appendingPathComponent("public")
    outside = base.appendingPathComponent("private")
    let manager = FileManager.default
    try manager.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try manager.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
    try manager.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data(TestSite.indexHTML.utf8).write(to: root.appendingPathComponent("index.html"))
    try Data("docs index\n".utf8).write(to: root.appendingPathComponent("docs/index.html"))
    try Data(TestSite.secret.utf8).write(to: outside.appendingPathComponent("secret.txt"))
    var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, publicRoot: root.path, quiet: true)
    configuration.eventLoopCount = 2
    // The tests name hosts with single letters; HostPolicyTests checks the policy itself.
    configuration.hostPolicy = HostPolicy(allowed: ["a", "b", "x"])
    configure(&configuration)
    server = HTTPServer(configuration: configuration, router: router)
    try server.start()
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
  }

  var port: Int { server.port }

  func write(_ relativePath: String, _ contents: String) throws {
    try write(relativePath, bytes: Array(contents.utf8))
  }

  func write(_ relativePath: String, bytes: [UInt8]) throws {
    let url = root.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  func connect() throws -> RawConnection { try RawConnection(port: port) }

  /// One request on a fresh connection, read back.
  func exchange(_ request: String, bodiless: Bool = false) throws -> WireResponse? {
    let connection = try connect()
    connection.send(request)
    return connection.readResponse(bodiless: bodiless)
  }

  func get(_ target: String, headers: String = "") throws -> WireResponse? {
    try exchange("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n")
  }
}
