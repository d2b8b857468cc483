import Foundation
import LiveSessions

/// With `serve --watch --wasm`: after the server's build, the WebAssembly module is rebuilt
/// with navdom's `build-wasm` plugin as a development module (`--development`: no LTO, no
/// optimiser, so a save recompiles only the modules it touches), into the file the server
/// serves; the restarted server loads it (a new `ETag`, so the reloaded page fetches it). The
/// product that builds the module is `--wasm-product NAME`, else the one named like the module
/// (`.build-wasm/ContactsWasm.wasm`), else `APPWasm` (the naming README and the example use).
///
/// ```swift
/// let rebuild = WasmRebuild(product: "ContactsWasm", module: "/home/me/Contacts/.build-wasm/Contacts.wasm")
/// rebuild.command   // ["/usr/bin/env", "swift", "package", "--allow-writing-to-package-directory", "build-wasm", …]
/// ```
struct WasmRebuild {
  /// The executable product the plugin builds.
  var product: String
  /// The module's full path, where the plugin writes it and the server reads it.
  var module: String

  /// The plugin's command line, run in the package root.
  var command: [String] {
    ["/usr/bin/env", "swift", "package", "--allow-writing-to-package-directory", "build-wasm",
     "--product", product, "--output", module, "--development"]
  }

  /// How the log names the build.
  var description: String { "swift package build-wasm --product \(product) --development" }

  /// The product that builds the module: `named` when given, else the executable product
  /// named like the module's file, else `PROGRAMWasm` (letter case aside); nil when none of
  /// them is one of `executables` (then the watcher says so and does not rebuild the module).
  ///
  /// ```swift
  /// WasmRebuild.product(named: nil, module: ".build-wasm/Contacts.wasm", program: "Contacts",
  ///                     executables: ["Contacts", "ContactsWasm"])   // "ContactsWasm"
  /// ```
  static func product(named: String?, module: String?, program: String, executables: [String]) -> String? {
    if let named { return named }
    let stem = module.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    // The server's own product builds the server, not a module. Case aside: navdom's demo
    // module is NavDOMWasm.
    let products = Dictionary(executables.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    let candidates = [stem, program + "Wasm"].compactMap { $0 }
    return candidates.compactMap { products[$0.lowercased()] }.first { $0 != program }
  }

  /// The executable products in `swift package describe --type json`'s output; nil when it
  /// is not that description.
  static func executableProducts(inDescription data: Data) -> [String]? {
    guard let package = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let products = package["products"] as? [[String: Any]]
    else { return nil }
    return products.compactMap { product in
      guard let type = product["type"] as? [String: Any], type.keys.contains("executable") else { return nil }
      return product["name"] as? String
    }
  }

  /// The module the server is to serve, in full: `named` (relative to the current folder, as
  /// `serve --wasm MODULE` reads it), else where `serve --wasm` looks by default, else
  /// `.build-wasm/PRODUCT.wasm` (the plugin's default, built before the first server starts).
  static func modulePath(named: String?, program: String, product: String?) -> String? {
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    if let named { return URL(fileURLWithPath: named, relativeTo: folder).standardizedFileURL.path }
    if case .success(let found) = WasmModuleLocation.defaultPath(program: program) {
      return URL(fileURLWithPath: found, relativeTo: folder).standardizedFileURL.path
    }
    return product.map { folder.appendingPathComponent("\(WasmModuleLocation.folder)/\($0).wasm").path }
  }
}
