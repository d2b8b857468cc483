import DemoApp
import Foundation
import LiveSessions
import StaticServe
import Testing

/// What every app gets from the library, whatever its public folder holds: runtime.js and the
/// navigation markup's stylesheet, linked before the app's own.
@Suite struct LibraryFilesTests {
  @Test func pagesLinkTheNavigationStylesheetBeforeTheAppsOwn() throws {
    let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in inventorySession(url: url) }
    let html = try #require(try app.renderPage(url: "/"))
    let library = try #require(html.range(of: #"<link rel="stylesheet" href="/navdom.css">"#))
    let own = try #require(html.range(of: #"<link rel="stylesheet" href="/app.css">"#))
    #expect(library.lowerBound < own.lowerBound)
  }

  @Test func anAppCanLeaveTheNavigationStylesheetOut() throws {
    var app = LiveApp(title: "Inventory") { url in inventorySession(url: url) }
    app.linksNavigationStylesheet = false
    let html = try #require(try app.renderPage(url: "/"))
    #expect(!html.contains("navdom.css"))
    #expect(html.contains(#"<script src="/runtime.js""#))
  }

  @Test func theNavigationStylesheetIsServedToEveryApp() throws {
    let live = LiveServer(app: LiveApp(title: "Inventory") { url in inventorySession(url: url) })
    let response = LiveServerTests.get(live, "/navdom.css")
    #expect(response?.status == .ok)
    #expect(response?.headers["Content-Type"] == "text/css; charset=utf-8")
    // The library's own file, whatever the app's public folder holds.
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/LiveSessions/Resources/navdom.css").standardized
    let expected = try #require(FileManager.default.contents(atPath: source.path))
    guard case .file(let file)? = response?.body else {
      Issue.record("/navdom.css is not served as a file")
      return
    }
    #expect(file.byteCount == expected.count)
  }
}
