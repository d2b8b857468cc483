import Foundation
import Testing

@testable import NavDOMCommandLine

/// What `serve --watch` watches and rebuilds beyond the app's own package: the packages it
/// depends on by path, and with `--wasm` the WebAssembly module (the product that builds it,
/// the plugin's command, the module's path).
@Suite struct WatchDependenciesTests {
  /// `swift package show-dependencies --format json` of an app with a remote dependency and a
  /// path dependency that has one of its own (and the remote one again).
  static let tree = #"""
    {"identity": "app", "name": "App", "url": "/p/app", "path": "/p/app", "dependencies": [
      {"identity": "swift-syntax", "url": "https://github.com/swiftlang/swift-syntax.git",
       "path": "/p/app/.build/checkouts/swift-syntax", "dependencies": []},
      {"identity": "navdom", "url": "/p/navdom", "path": "/p/navdom", "dependencies": [
        {"identity": "base", "url": "/p/lib/../base", "path": "/p/lib/../base", "dependencies": []},
        {"identity": "swift-syntax", "url": "https://github.com/swiftlang/swift-syntax.git",
         "path": "/p/app/.build/checkouts/swift-syntax", "dependencies": []}]}]}
    """#

  @Test func pathDependenciesAreThePackagesWhoseURLIsTheirPath() throws {
    let roots = PathDependencies.roots(inShowDependenciesJSON: Data(Self.tree.utf8), packageRoot: "/p/app")
    #expect(roots == ["/p/base", "/p/navdom"])
    #expect(PathDependencies.roots(inShowDependenciesJSON: Data("error: no manifest".utf8), packageRoot: "/p/app") == nil)
  }

  /// Three packages in a fresh folder: app depends on lib by path, lib on base.
  private static func packages() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navdom-deps-\(UUID().uuidString)").path
    let uses = ["app": "lib", "lib": "base"]  // each depends on the next by path, and uses it
    for name in ["app", "lib", "base"] {
      try FileManager.default.createDirectory(atPath: "\(folder)/\(name)/Sources/\(name)", withIntermediateDirectories: true)
      let dependency = uses[name].map { #".package(path: "../\#($0)")"# } ?? ""
      let product = uses[name].map { #".product(name: "\#($0)", package: "\#($0)")"# } ?? ""
      let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
          name: "\(name)", products: [.library(name: "\(name)", targets: ["\(name)"])],
          dependencies: [\(dependency)], targets: [.target(name: "\(name)", dependencies: [\(product)])])
        """
      try manifest.write(toFile: "\(folder)/\(name)/Package.swift", atomically: true, encoding: .utf8)
      try "let \(name) = 1\n".write(toFile: "\(folder)/\(name)/Sources/\(name)/\(name).swift", atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func swiftPMNamesThePathDependenciesOfARealPackage() throws {
    let folder = try Self.packages()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let roots = try PathDependencies.discover(packageRoot: folder + "/app").get()
    let resolved = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    #expect(roots.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == [resolved + "/base", resolved + "/lib"])
  }

  @Test func aManifestThatDoesNotBuildIsAReasonNotACrash() throws {
    let folder = try Self.packages()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "let package = nothing\n".write(toFile: folder + "/app/Package.swift", atomically: true, encoding: .utf8)
    guard case .failure(let failure) = PathDependencies.discover(packageRoot: folder + "/app") else {
      Issue.record("a broken manifest gave dependencies")
      return
    }
    #expect(!failure.reason.isEmpty)
  }

  @Test func aPathDependencysSourcesAndManifestAreWatched() throws {
    let folder = try Self.packages()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let lib = folder + "/lib"
    let before = SourceSnapshot(packageRoot: folder + "/app", dependencies: [lib])
    #expect(SourceSnapshot(packageRoot: folder + "/app") != before)  // lib's files are in it
    try "# lib\n".write(toFile: lib + "/README.md", atomically: true, encoding: .utf8)
    #expect(SourceSnapshot(packageRoot: folder + "/app", dependencies: [lib]) == before)
    try "let lib = 22\n".write(toFile: lib + "/Sources/lib/lib.swift", atomically: true, encoding: .utf8)
    let changes = before.changes(to: SourceSnapshot(packageRoot: folder + "/app", dependencies: [lib]))
    #expect(changes == [lib + "/Sources/lib/lib.swift"])
    #expect(!SourceSnapshot.includesManifest(changes))
    #expect(SourceSnapshot.includesManifest([lib + "/Package.swift"]))
    #expect(SourceSnapshot.includesManifest(["Package.swift"]))
  }

  @Test func theModuleIsBuiltByTheProductNamedLikeItOrTheAppsWasmProduct() {
    let executables = ["Contacts", "ContactsWasm", "Tool"]
    func product(_ named: String?, _ module: String?) -> String? {
      WasmRebuild.product(named: named, module: module, program: "Contacts", executables: executables)
    }
    #expect(product(nil, ".build-wasm/ContactsWasm.wasm") == "ContactsWasm")
    #expect(product(nil, ".build-wasm/Contacts.wasm") == "ContactsWasm")  // the server's own product builds no module
    #expect(product(nil, "public/Tool.wasm") == "Tool")
    #expect(product(nil, nil) == "ContactsWasm")
    #expect(product("Other", nil) == "Other")
    #expect(WasmRebuild.product(named: nil, module: "app.wasm", program: "App", executables: ["App"]) == nil)
    // navdom's demo: the program is navdom, its module's product NavDOMWasm.
    #expect(WasmRebuild.product(named: nil, module: ".build-wasm/navdom.wasm", program: "navdom", executables: ["navdom", "NavDOMWasm"]) == "NavDOMWasm")
  }

  @Test func theExecutableProductsComeFromThePackagesDescription() {
    let description = #"""
      {"name": "Contacts", "products": [
        {"name": "ContactsApp", "type": {"library": ["automatic"]}},
        {"name": "Contacts", "type": {"executable": null}},
        {"name": "ContactsWasm", "type": {"executable": null}}]}
      """#
    #expect(WasmRebuild.executableProducts(inDescription: Data(description.utf8)) == ["Contacts", "ContactsWasm"])
    #expect(WasmRebuild.executableProducts(inDescription: Data("[]".utf8)) == nil)
  }

  @Test func theModuleIsRebuiltAsADevelopmentModuleWithTheBuildWasmPluginWhereTheServerReadsIt() {
    let rebuild = WasmRebuild(product: "ContactsWasm", module: "/p/app/.build-wasm/Contacts.wasm")
    #expect(rebuild.command == [
      "/usr/bin/env", "swift", "package", "--allow-writing-to-package-directory", "build-wasm",
      "--product", "ContactsWasm", "--output", "/p/app/.build-wasm/Contacts.wasm", "--development",
    ])
    let folder = FileManager.default.currentDirectoryPath
    #expect(WasmRebuild.modulePath(named: "web/app.wasm", program: "App", product: nil) == folder + "/web/app.wasm")
    #expect(WasmRebuild.modulePath(named: "/m/app.wasm", program: "App", product: nil) == "/m/app.wasm")
  }

  @Test func laterSavesRunTheDevelopmentBuildThePluginRecorded() throws {
    let json = #"{"arguments":["build","--product","ContactsWasm","-c","release"],"module":"/p/.build-wasm/development/m.wasm","product":"ContactsWasm","swift":"/usr/bin/swift"}"#
    let recipe = try #require(WasmRebuild.Recipe(json: Data(json.utf8), product: "ContactsWasm"))
    #expect(recipe.command == ["/usr/bin/swift", "build", "--product", "ContactsWasm", "-c", "release"])
    #expect(recipe.builtModule == "/p/.build-wasm/development/m.wasm")
    #expect(recipe.product == "ContactsWasm")
    // Another product's recipe, or something else, is no recipe: the plugin builds the module.
    #expect(WasmRebuild.Recipe(json: Data(json.utf8), product: "OtherWasm") == nil)
    #expect(WasmRebuild.Recipe(json: Data(#"{"product":"ContactsWasm"}"#.utf8), product: "ContactsWasm") == nil)
    #expect(WasmRebuild.Recipe(packageRoot: "/nonexistent", product: "ContactsWasm") == nil)
  }

  @Test func aRecipesModuleReplacesTheServedOneWhole() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navdom-recipe-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("new module".utf8).write(to: URL(fileURLWithPath: folder + "/built.wasm"))
    try Data("old module".utf8).write(to: URL(fileURLWithPath: folder + "/served.wasm"))
    let recipe = WasmRebuild.Recipe(product: "ContactsWasm", command: ["true"], builtModule: folder + "/built.wasm")
    #expect(recipe.install(at: folder + "/served.wasm") == nil)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/served.wasm")) == Data("new module".utf8))
    #expect(!FileManager.default.fileExists(atPath: folder + "/served.wasm.new"))
    let missing = WasmRebuild.Recipe(product: "ContactsWasm", command: ["true"], builtModule: folder + "/gone.wasm")
    #expect(missing.install(at: folder + "/served.wasm")?.hasPrefix("cannot copy") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/served.wasm")) == Data("new module".utf8))
  }

  @Test func theWatcherTakesItsWasmOptionsAndTheServerTheRest() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("navdom-watch-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try "// swift-tools-version: 6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
    let arguments = ["--watch", "--wasm", "web/app.wasm", "--wasm-product", "AppWasm", "--package-path", root, "--quiet"]
    let options = try #require(WatchOptions(arguments, program: "App", executable: "/x/.build/debug/App"))
    #expect(options.wasm?.module == "web/app.wasm")
    #expect(options.wasm?.product == "AppWasm")
    #expect(options.serverArguments == ["serve", "--port", "8080", "--wasm", "--quiet"])
    let live = try #require(WatchOptions(["--watch", "--package-path", root], program: "App", executable: "/App"))
    #expect(live.wasm == nil)
    #expect(WatchOptions(["--watch", "--wasm-product", "AppWasm", "--package-path", root], program: "App", executable: "/App") == nil)
  }
}
