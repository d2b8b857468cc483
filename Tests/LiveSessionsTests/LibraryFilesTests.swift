import DemoApp
import Foundation
import LiveSessions
import StaticServe
import Testing

/// What every app gets from the library, whatever its public folder holds: runtime.js and its
/// modules, and the navigation markup's stylesheet, linked before the app's own.
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
    #expect(html.contains(#"<script type="module" src="/runtime.js"></script>"#))
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

  /// The modules of Resources/runtime/, each file once.
  static func runtimeModuleFiles() throws -> [String] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/LiveSessions/Resources/runtime").standardized
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
  }

  @Test func everyRuntimeModuleIsPreloadedAndServedAsJavaScript() throws {
    let files = try Self.runtimeModuleFiles()
    #expect(files.count > 10)
    let app = LiveApp(title: "Inventory") { url in inventorySession(url: url) }
    let html = try #require(try app.renderPage(url: "/"))
    let live = LiveServer(app: app)
    for file in files {
      #expect(html.contains(#"<link rel="modulepreload" href="/runtime/\#(file)">"#), "\(file) is preloaded")
      let response = LiveServerTests.get(live, "/runtime/" + file)
      #expect(response?.status == .ok, "\(file) is served")
      #expect(response?.headers["Content-Type"] == "text/javascript; charset=utf-8")
    }
    // Preloads come before the entry, which imports the rest itself.
    let preload = try #require(html.range(of: "modulepreload"))
    let entry = try #require(html.range(of: #"<script type="module" src="/runtime.js">"#))
    #expect(preload.lowerBound < entry.lowerBound)
    #expect(LiveServerTests.get(live, "/runtime/no-such-module.js")?.status != .ok)
  }

  @Test func everyImportOfTheRuntimeNamesAModuleThatIsServed() throws {
    let files = Set(try Self.runtimeModuleFiles())
    let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/LiveSessions/Resources").standardized
    let sources = ["runtime.js"] + files.map { "runtime/" + $0 }
    var imported = Set<String>()
    for source in sources {
      let text = try String(contentsOf: resources.appendingPathComponent(source), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("} from ") {
        guard let from = line.range(of: "from './") else { continue }
        let name = line[from.upperBound...].prefix { $0 != "'" }
        imported.insert(String(name.hasPrefix("runtime/") ? name.dropFirst("runtime/".count) : name))
      }
    }
    #expect(imported.isSubset(of: files), "imports of missing modules: \(imported.subtracting(files).sorted())")
    #expect(files.subtracting(imported).isEmpty, "modules nothing imports: \(files.subtracting(imported).sorted())")
  }
}
