import Foundation
import LiveSessions
import StaticServe
import Testing

/// What a reload costs: pages gzip'd for clients that accept it, the WebAssembly module
/// revalidated with its entity tag (304, no body) instead of downloaded again.
@Suite struct CachingTests {
  static let gzipHeaders: HTTPHeaders = ["Host": "localhost", "Accept-Encoding": "gzip, deflate, br"]

  static func bytes(_ response: HTTPResponse?) -> [UInt8] {
    guard case .bytes(let bytes)? = response?.body else { return [] }
    return bytes
  }

  @Test func aLivePageIsGzippedForClientsThatAcceptIt() throws {
    let live = LiveServer(app: LiveServerTests.DemoHarness().app)
    let response = try #require(LiveServerTests.route(live, HTTPRequest(method: .get, target: "/", headers: Self.gzipHeaders)))
    #expect(response.headers["Content-Encoding"] == "gzip")
    #expect(response.headers["Vary"] == "Accept-Encoding")
    let page = String(decoding: try LocalServerSecurityTests.gunzip(Self.bytes(response)), as: UTF8.self)
    #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains(">Inventory</h1>"))
    #expect(Self.bytes(response).count * 2 < page.utf8.count)

    let plain = LiveServerTests.get(live, "/")  // no Accept-Encoding
    #expect(plain?.headers["Content-Encoding"] == nil)
    #expect(LiveServerTests.text(plain).hasPrefix("<!DOCTYPE html>"))
  }

  static let module: [UInt8] = [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00] + Array(repeating: 0x2A, count: 4096)

  static func wasmRequest(_ server: WasmAppServer, _ target: String, _ headers: HTTPHeaders) -> HTTPResponse? {
    server.router(HTTPRequest(method: .get, target: target, headers: headers))
  }

  @Test func theModuleRevalidatesWith304InsteadOfComingAgain() throws {
    let server = WasmAppServer(app: LiveServerTests.DemoHarness().app, module: Self.module)
    let first = try #require(Self.wasmRequest(server, "/navdom.wasm", Self.gzipHeaders))
    #expect(first.status == .ok)
    #expect(first.headers["Content-Encoding"] == "gzip")
    #expect(first.headers["Cache-Control"] == "no-cache")
    let tag = try #require(first.headers["ETag"])
    #expect(try LocalServerSecurityTests.gunzip(Self.bytes(first)) == Self.module)

    var revalidating = Self.gzipHeaders
    revalidating["If-None-Match"] = tag
    let reload = try #require(Self.wasmRequest(server, "/navdom.wasm", revalidating))
    #expect(reload.status == .notModified)
    #expect(Self.bytes(reload).isEmpty)
    #expect(reload.headers["ETag"] == tag)

    // The uncompressed module is another representation, with a tag of its own.
    let plain = try #require(Self.wasmRequest(server, "/navdom.wasm", ["Host": "localhost"]))
    #expect(plain.status == .ok && Self.bytes(plain) == Self.module)
    #expect(plain.headers["ETag"] != tag)
    revalidating["If-None-Match"] = "\"another-module\""
    #expect(Self.wasmRequest(server, "/navdom.wasm", revalidating)?.status == .ok)
  }

  @Test func aNewModuleGetsANewTag() throws {
    let app = LiveServerTests.DemoHarness().app
    let old = WasmAppServer(app: app, module: Self.module)
    let new = WasmAppServer(app: app, module: Self.module + [0x01])
    let oldTag = try #require(Self.wasmRequest(old, "/navdom.wasm", Self.gzipHeaders)?.headers["ETag"])
    var revalidating = Self.gzipHeaders
    revalidating["If-None-Match"] = oldTag
    #expect(Self.wasmRequest(new, "/navdom.wasm", revalidating)?.status == .ok)
  }

  @Test func aClientSidePageIsGzippedToo() throws {
    let server = WasmAppServer(app: LiveServerTests.DemoHarness().app, module: Self.module)
    let response = try #require(Self.wasmRequest(server, "/items/1", Self.gzipHeaders))
    #expect(response.headers["Content-Encoding"] == "gzip")
    let page = String(decoding: try LocalServerSecurityTests.gunzip(Self.bytes(response)), as: UTF8.self)
    #expect(page.contains("data-navdom-wasm=\"/navdom.wasm\"") && page.contains(">Keyboard</h1>"))
  }
}
