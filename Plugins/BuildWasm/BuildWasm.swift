import Foundation
import PackagePlugin

/// `swift package build-wasm`: builds one executable product of the package it runs in into a
/// WebAssembly module with Embedded Swift, the way navdom builds its own demo.
///
///     swift package --allow-writing-to-package-directory build-wasm --product ContactsWasm
///     swift package --allow-writing-to-package-directory build-wasm --product ContactsWasm --output public/app.wasm
///     swift package --allow-writing-to-package-directory build-wasm --product ContactsWasm --development
///
/// Steps: check that the product's Swift sources avoid what Embedded Swift has not (a clear
/// message with file and line instead of a compiler error deep in a dependency), build it for
/// `wasm32-unknown-none-wasm` into `.build-wasm/` with every flag on the command line (so no
/// target needs settings of its own), copy the module to `.build-wasm/<product>.wasm` or
/// `--output`, shrink it with Binaryen's `wasm-opt` when that is installed, and print its size.
@main
struct BuildWasm: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let wantsHelp = extractor.extractFlag(named: "help") > 0
    let productNames = extractor.extractOption(named: "product")
    let outputs = extractor.extractOption(named: "output")
    let development = extractor.extractFlag(named: "development") > 0
    let skipsOptimizer = extractor.extractFlag(named: "no-wasm-opt") > 0 || development
    let namesOutputs = extractor.extractOption(named: "names-output")
    if wantsHelp {
      print(Self.usage)
      return
    }
    guard extractor.unextractedOptionsOrFlags.isEmpty, extractor.remainingArguments.isEmpty else {
      // An unknown flag is in both lists.
      let unknown = extractor.remainingArguments.isEmpty ? extractor.unextractedOptionsOrFlags : extractor.remainingArguments
      throw BuildWasmError("unknown argument \(unknown.map { "'\($0)'" }.joined(separator: ", "))\n\(Self.usage)")
    }
    let executables = context.package.products.compactMap { $0 as? ExecutableProduct }
    let names = executables.map(\.name).joined(separator: ", ")
    guard productNames.count == 1, let productName = productNames.first else {
      throw BuildWasmError("say which executable product to build: --product NAME (this package has: \(names))")
    }
    guard let product = executables.first(where: { $0.name == productName }) else {
      throw BuildWasmError("no executable product '\(productName)' in \(context.package.displayName) (it has: \(names))")
    }
    guard outputs.count <= 1 else { throw BuildWasmError("--output is given more than once") }
    guard namesOutputs.count <= 1 else { throw BuildWasmError("--names-output is given more than once") }

    try EmbeddedPreflight.check(product)

    let packageDirectory = context.package.directoryURL
    var build = try WasmBuild(swift: context.tool(named: "swift").url, packageDirectory: packageDirectory)
    build.development = development
    let built = try build.run(product: productName)
    let output = outputs.first.map { URL(fileURLWithPath: $0, relativeTo: packageDirectory) }
      ?? build.scratchDirectory.appendingPathComponent("\(productName).wasm")
    let namesOutput = namesOutputs.first.map { URL(fileURLWithPath: $0, relativeTo: packageDirectory) }
    try build.install(built, at: output, optimize: !skipsOptimizer, keepsNames: development, namesOutput: namesOutput)
  }

  static let usage = """
    usage: swift package --allow-writing-to-package-directory build-wasm --product NAME [--output PATH] [--no-wasm-opt] [--development] [--names-output PATH]

      --product NAME  the executable product to build (its main.swift registers the app with
                      NavigationWasm's WasmApp.register)
      --output PATH   where the module goes (default .build-wasm/NAME.wasm), relative to the package
      --no-wasm-opt   skip Binaryen's size optimiser even when wasm-opt is installed
      --development   a quick build for the edit loop (`serve --watch --wasm` uses it): no LTO,
                      no optimiser, no wasm-opt, built apart in .build-wasm/development; only
                      the modules a change touches are compiled again. Larger and slower.
      --names-output PATH
                      also write the module with its function names (the wasm name section),
                      for Scripts/wasm-size-report.py; its code is the shipped module's
    """
}

/// A reason the plugin stops, printed as SwiftPM prints a plugin's error.
struct BuildWasmError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = "build-wasm: " + description }
}
