import Foundation
import PackagePlugin

/// What the plugin checks in a product's Swift sources before it builds them, because Embedded
/// Swift's own errors for these come late and from far away (a missing module, or "cannot use a
/// value of protocol type" in a dependency's generic code).
///
/// Only `import` lines outside any `#if` are read: code under `#if canImport(Foundation)` or
/// `#if !hasFeature(Embedded)` is the way to keep native-only code in a portable target.
enum EmbeddedPreflight {
  /// Modules that do not exist for `wasm32-unknown-none-wasm`, and what to do instead.
  static let unavailableModules: [String: String] = [
    "Foundation": "there is no Foundation in Embedded Swift; move the code to a native-only target or under #if canImport(Foundation)",
    "FoundationEssentials": "there is no Foundation in Embedded Swift; move the code to a native-only target",
    "Dispatch": "there are no threads or queues in a wasm module",
    "Glibc": "there is no libc in a wasm module (NavigationWasm brings the little Embedded Swift needs)",
    "Darwin": "there is no libc in a wasm module",
    "Observation": "native @Observable models need the Observation runtime; use navdom's @Observed in portable code",
    "LiveSessions": "the live server is native only; the wasm module depends on NavigationWasm",
    "StaticServe": "the HTTP server is native only",
    "HTTPServerCore": "the HTTP server is native only",
    "PublishSubscribe": "publish/subscribe between sessions is the live server's, native only",
    "NavDOMCommandLine": "the command line and watch mode are native only",
    "WorkScheduling": "the live server's worker threads are native only",
    "NavigationTesting": "the test driver is native only",
  ]

  /// Throws, naming every file and line, when a Swift source of `product` or of a target it
  /// depends on imports a module Embedded Swift for wasm32 has not.
  static func check(_ product: ExecutableProduct) throws {
    var problems: [String] = []
    var seen = Set<String>()
    for target in product.targets + product.targets.flatMap(\.recursiveTargetDependencies) {
      guard seen.insert(target.id).inserted, let module = target as? SourceModuleTarget else { continue }
      for file in module.sourceFiles(withSuffix: "swift") {
        problems += unavailableImports(in: file.url)
      }
    }
    guard problems.isEmpty else {
      throw BuildWasmError(
        "'\(product.name)' cannot build with Embedded Swift for wasm32:\n" + problems.joined(separator: "\n"))
    }
  }

  /// `path:line: imports M: why` for each unconditional import of an unavailable module.
  static func unavailableImports(in file: URL) -> [String] {
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
    var problems: [String] = []
    var conditionDepth = 0
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if") { conditionDepth += 1; continue }
      if line.hasPrefix("#endif") { conditionDepth = max(0, conditionDepth - 1); continue }
      guard conditionDepth == 0, let module = importedModule(line), let why = unavailableModules[module] else { continue }
      problems.append("\(file.path):\(index + 1): imports \(module): \(why)")
    }
    return problems
  }

  /// The module an `import` line names (`@preconcurrency import Foundation`,
  /// `import struct Foundation.URL`), or `nil` for any other line.
  static func importedModule(_ line: String) -> String? {
    var words = line.split(separator: " ").map(String.init)
    while let first = words.first, first.hasPrefix("@") || first == "public" || first == "internal"
      || first == "package" || first == "private" || first == "fileprivate" {
      words.removeFirst()
    }
    guard words.first == "import", words.count >= 2 else { return nil }
    let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
    let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
    return path.split(separator: ".").first.map(String.init)
  }
}
