import Foundation
import StaticServe
import Testing

@testable import LiveSessions
@testable import NavDOMCommandLine

/// `serve --watch`: what counts as a change of the package, the arguments the watcher gives the
/// server it runs, and the watch stream the pages of that server subscribe to. (The watcher's
/// restarts are driven end to end by Tests/browser/test_watch.py, with stand-in builds, and
/// test_watch_rebuild.py, with real ones; path dependencies and --wasm: WatchDependenciesTests.)
@Suite struct WatchTests {
  /// A package in a fresh folder: Package.swift, one source, a README.
  private static func package() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("navdom-watch-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root + "/Sources/App/Views", withIntermediateDirectories: true)
    try "// swift-tools-version: 6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
    try "let title = \"One\"\n".write(toFile: root + "/Sources/App/Views/View.swift", atomically: true, encoding: .utf8)
    try "# App\n".write(toFile: root + "/README.md", atomically: true, encoding: .utf8)
    return root
  }

  @Test func aSavedSourceAddedFileOrManifestIsAChange() throws {
    let root = try Self.package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let before = SourceSnapshot(packageRoot: root)
    #expect(SourceSnapshot(packageRoot: root) == before)
    try "let title = \"Two!\"\n".write(toFile: root + "/Sources/App/Views/View.swift", atomically: true, encoding: .utf8)
    let edited = SourceSnapshot(packageRoot: root)
    #expect(before.changes(to: edited) == ["Sources/App/Views/View.swift"])
    try "let more = 1\n".write(toFile: root + "/Sources/App/More.swift", atomically: true, encoding: .utf8)
    try "// swift-tools-version: 6.1\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
    #expect(edited.changes(to: SourceSnapshot(packageRoot: root)) == ["Package.swift", "Sources/App/More.swift"])
  }

  @Test func editorSwapFilesAndFilesOutsideSourcesAreNot() throws {
    let root = try Self.package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let before = SourceSnapshot(packageRoot: root)
    try "swap".write(toFile: root + "/Sources/App/Views/.View.swift.swp", atomically: true, encoding: .utf8)
    try "backup".write(toFile: root + "/Sources/App/Views/View.swift~", atomically: true, encoding: .utf8)
    try "# App, edited\n".write(toFile: root + "/README.md", atomically: true, encoding: .utf8)
    #expect(SourceSnapshot(packageRoot: root) == before)
  }

  @Test func thePackageRootIsTheNearestFolderWithAManifest() throws {
    let root = try Self.package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let resolved = URL(fileURLWithPath: root).standardizedFileURL.path
    #expect(SourceSnapshot.packageRoot(from: root + "/Sources/App/Views") == resolved)
    #expect(SourceSnapshot.packageRoot(from: root) == resolved)
    #expect(SourceSnapshot.packageRoot(from: "/") == nil)
  }

  @Test func theServerGetsTheArgumentsWithoutTheWatchersOwnOnTheSamePort() throws {
    let root = try Self.package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let arguments = ["--watch", "--port", "8123", "--quiet", "--package-path", root, "--host", "127.0.0.1", "--build-command", "make app"]
    let options = try #require(WatchOptions(arguments, program: "Contacts", executable: "/x/.build/debug/Contacts"))
    #expect(options.serverArguments == ["serve", "--port", "8123", "--quiet", "--host", "127.0.0.1"])
    #expect(options.buildCommand == ["/bin/sh", "-c", "make app"])
    #expect(options.port == 8123)
  }

  @Test func theDefaultBuildIsTheProgramsProductInTheRunningConfiguration() throws {
    let root = try Self.package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let debug = try #require(WatchOptions(["--watch", "--package-path", root], program: "Contacts", executable: "/x/.build/debug/Contacts"))
    #expect(debug.buildCommand == ["/usr/bin/env", "swift", "build", "--product", "Contacts"])
    let release = try #require(WatchOptions(["--package-path", root], program: "Contacts", executable: "/x/.build/release/Contacts"))
    #expect(release.buildDescription == "swift build --product Contacts -c release")
  }

  @Test func aCrashedServerIsStartedAgainUnlessItKeepsStoppingAtOnce() {
    var restarts = CrashRestarts()
    // Each answer taken first: `#expect` cannot call a mutating method itself.
    let afterAWhile = restarts.restarts(afterRunning: 30)
    // Stops right after starting: tried again twice, then the watcher waits for a save.
    let quick = (1...3).map { _ in restarts.restarts(afterRunning: 0.1) }
    #expect(afterAWhile)
    #expect(quick == [true, true, false])
    // A build starts a fresh server, and a server that ran a while is counted afresh too.
    restarts.reset()
    let afterBuild = [0.1, 5, 0.1, 0.1, 0.1].map { restarts.restarts(afterRunning: $0) }
    #expect(afterBuild == [true, true, true, true, false])
  }

  @Test func portZeroIsOneFreePortForEveryRestart() throws {
    let root = try Self.package()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let options = try #require(WatchOptions(["--watch", "--port", "0", "--package-path", root], program: "app", executable: "/app"))
    #expect(options.port > 0)
    #expect(options.serverArguments == ["serve", "--port", String(options.port)])
  }

  @Test(arguments: [["--watch", "--package-path", "/"], ["--watch", "--port", "99999"], ["--watch", "--build-command"]])
  func badWatchArgumentsAreRefused(arguments: [String]) {
    #expect(WatchOptions(arguments, program: "app", executable: "/app") == nil)
  }

  @Test func aWatchedServersPagesSubscribeToTheWatchStream() throws {
    var app = LiveServerTests.DemoHarness().app
    #expect(try #require(try app.renderPage(url: "/")).contains("data-navdom-watch") == false)
    app.watchStream = WatchChannel.endpoint
    #expect(try #require(try app.renderPage(url: "/")).contains(#"data-navdom-watch="/_navdom/watch""#))
  }

  @Test func theWatchStreamIsAnsweredBeforeTheApp() throws {
    let channel = WatchChannel()
    let router = channel.routing { _ in .text("the app") }
    let stream = router(HTTPRequest(method: .get, target: WatchChannel.endpoint, headers: ["Host": "localhost"]))
    guard case .stream = stream?.body else {
      Issue.record("the watch endpoint is not an event stream")
      return
    }
    let post = router(HTTPRequest(method: .post, target: WatchChannel.endpoint, headers: ["Host": "localhost"]))
    #expect(post?.status == .methodNotAllowed)
    let page = router(HTTPRequest(method: .get, target: "/", headers: ["Host": "localhost"]))
    #expect(LiveServerTests.text(page) == "the app")
  }
}
