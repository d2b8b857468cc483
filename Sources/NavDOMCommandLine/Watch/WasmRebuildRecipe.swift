import Foundation

extension WasmRebuild {
  /// The `swift build` a development build of the module ran, as the `build-wasm` plugin
  /// records it (`.build-wasm/development/rebuild.json`). With it the watcher rebuilds the
  /// module itself, at the same time as the server's build (the two build in different
  /// folders), and without `swift package`, which costs ~3 s a save and holds `.build` while it
  /// runs: on the demo, save to page went from about 17 s to about 10 s (Scripts/measure-watch.py).
  ///
  /// ```swift
  /// let recipe = WasmRebuild.Recipe(packageRoot: "/home/me/Contacts", product: "ContactsWasm")
  /// recipe?.command   // ["/usr/bin/swift", "build", "--product", "ContactsWasm", …]
  /// ```
  struct Recipe: Equatable {
    /// The module's product.
    var product: String
    /// The `swift` driver and its arguments, run in the package root.
    var command: [String]
    /// Where that build links the module, to be copied to the file the server serves.
    var builtModule: String

    init(product: String, command: [String], builtModule: String) {
      self.product = product
      self.command = command
      self.builtModule = builtModule
    }

    /// The recipe the plugin last wrote for `product`; nil when there is none (no development
    /// build yet) or it is for another product. (The plugin names the file, `WasmBuild.recipeFile`
    /// in Plugins/BuildWasm, a target this one cannot import; Tests/watch/test_watch_rebuild.py
    /// --wasm fails when the two part.)
    init?(packageRoot: String, product: String) {
      let file = URL(fileURLWithPath: packageRoot).appendingPathComponent(".build-wasm/development/rebuild.json")
      guard let data = try? Data(contentsOf: file) else { return nil }
      self.init(json: data, product: product)
    }

    /// The recipe in the plugin's JSON, if it is one for `product`.
    init?(json: Data, product: String) {
      guard let recipe = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
        recipe["product"] as? String == product,
        let swift = recipe["swift"] as? String, let arguments = recipe["arguments"] as? [String],
        let module = recipe["module"] as? String
      else { return nil }
      self.init(product: product, command: [swift] + arguments, builtModule: module)
    }

    /// How the log names the build.
    var summary: String { "swift build --product \(product) for the development module" }

    /// Copies the built module over `module` (through a temporary file, so the server never
    /// reads half of one); nil, or why it could not.
    func install(at module: String) -> String? {
      let manager = FileManager.default
      let temporary = module + ".new"
      do {
        if manager.fileExists(atPath: temporary) { try manager.removeItem(atPath: temporary) }
        try manager.copyItem(atPath: builtModule, toPath: temporary)
      } catch {
        return "cannot copy \(builtModule) to \(temporary): \(error.localizedDescription)"
      }
      guard rename(temporary, module) == 0 else {
        return "cannot move \(temporary) to \(module): \(String(cString: strerror(errno)))"
      }
      return nil
    }
  }
}
