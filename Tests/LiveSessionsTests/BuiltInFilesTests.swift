import DemoApp
import Foundation
import LiveSessions
import StaticServe
import Testing

/// What every app gets from the library, whatever its public folder holds: runtime.js (one
/// bundled module) and the navigation markup's stylesheet, linked before the app's own.
@Suite struct BuiltInFilesTests {
  @Test func pagesLinkTheNavigationStylesheetBeforeTheAppsOwn() throws {
    let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in startInventory(url: url) }
    let html = try #require(try app.renderPage(url: "/"))
    let library = try #require(html.range(of: #"<link rel="stylesheet" href="/navdom.css">"#))
    let own = try #require(html.range(of: #"<link rel="stylesheet" href="/app.css">"#))
    #expect(library.lowerBound < own.lowerBound)
  }

  @Test func anAppCanLeaveTheNavigationStylesheetOut() throws {
    var app = LiveApp(title: "Inventory") { url in startInventory(url: url) }
    app.linksNavigationStylesheet = false
    let html = try #require(try app.renderPage(url: "/"))
    #expect(!html.contains("navdom.css"))
    #expect(html.contains(#"<script type="module" src="/runtime.js"></script>"#))
  }

  @Test func theNavigationStylesheetIsServedToEveryApp() throws {
    let live = LiveServer(app: LiveApp(title: "Inventory") { url in startInventory(url: url) })
    let response = LiveServerTests.get(live, "/navdom.css")
    #expect(response?.status == .ok)
    #expect(response?.headers["Content-Type"] == "text/css; charset=utf-8")
    // The library's own file, whatever the app's public folder holds.
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/LiveSessions/Resources/navdom.css").standardized
    let expected = try #require(FileManager.default.contents(atPath: source.path))
    // A small file goes out from StaticFileHandler's memory copy, a large one from disk.
    switch response?.body {
    case .bytes(let bytes)?: #expect(bytes == [UInt8](expected))
    case .file(let file)?: #expect(file.byteCount == expected.count)
    default: Issue.record("/navdom.css is not served from the file")
    }
  }

  /// The runtime goes out as one module, the bundle of Resources/runtime/ (Resources/runtime.js): no
  /// page asks for the modules, and a revalidation gets a 304.
  @Test func theRuntimeIsServedAsOneBundledModule() throws {
    let app = LiveApp(title: "Inventory") { url in startInventory(url: url) }
    let html = try #require(try app.renderPage(url: "/"))
    #expect(html.contains(#"<script type="module" src="/runtime.js"></script>"#))
    #expect(!html.contains("/runtime/"))
    let live = LiveServer(app: app)
    let response = try #require(LiveServerTests.get(live, "/runtime.js"))
    #expect(response.status == .ok)
    #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
    guard case .bytes(let bytes) = response.body else {
      Issue.record("/runtime.js is not served from memory")
      return
    }
    #expect(bytes == (try BrowserRuntimeBundle.served.get()).bytes)
    let tag = try #require(response.headers["ETag"])
    let again = try #require(
      LiveServerTests.route(
        live, HTTPRequest(method: .get, target: "/runtime.js", headers: ["Host": "localhost", "If-None-Match": tag])))
    #expect(again.status == .notModified)
    #expect(LiveServerTests.get(live, "/runtime/patches.js")?.status != .ok)
  }
}
