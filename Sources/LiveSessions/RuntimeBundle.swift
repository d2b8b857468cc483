import Foundation
import StaticServe

/// The browser runtime as pages load it: one ES module, bundled by the server from the
/// modules of Resources/runtime/ (`main.js`, the entry, and one module per concept, which the
/// tests import one by one; docs/RUNTIME.md).
///
/// One file goes out instead of 23, and without the modules' comment lines: the demo's first
/// load is 22 KB instead of 52 KB. The bundle is the modules in dependency order (each after
/// what it imports), their `import` statements removed, `export` dropped from all but the
/// entry, in one module scope, with lines that hold only a comment left out. That is sound
/// under rules the bundler checks, throwing with the reason: imports are one
/// `import { a, b } from './x.js';` each, never renamed (`as`); there are no import cycles; no
/// two modules declare the same top-level name, and none declares one by destructuring; only
/// the entry exports other than declarations (`export { a }`); every imported name is
/// exported; no string or template literal spans lines and no code follows a block comment on
/// its line (only whole lines are left out); every module is imported. No module keeps state
/// at its top level (Tests/runtime/isolation.test.mjs), so one scope shares nothing the
/// modules did not.
///
/// ```swift
/// let source = try RuntimeBundle.make(modulesIn: folder)   // the text of /runtime.js
/// ```
package enum RuntimeBundle {
  /// The library's bundle, made once per process; a failure is the reason (a test catches it
  /// before it ships, and the server answers it with a 500).
  package static let served: Result<MemoryFile, RuntimeBundleError> = {
    guard let folder = Bundle.module.url(forResource: "runtime", withExtension: nil) else {
      return .failure(RuntimeBundleError("the runtime's modules are missing from the library's resources"))
    }
    return Result { () throws(RuntimeBundleError) in
      MemoryFile(bytes: Array(try make(modulesIn: folder).utf8), contentType: "text/javascript; charset=utf-8")
    }
  }()

  package static let entry = "main.js"

  /// The bundle of the modules in `folder`, from its `main.js`.
  package static func make(modulesIn folder: URL) throws(RuntimeBundleError) -> String {
    var modules: [String: RuntimeModule] = [:]
    var order: [String] = []
    var visiting: [String] = []
    try visit(entry, in: folder, modules: &modules, order: &order, visiting: &visiting)
    try checkNames(modules, order: order)
    let present = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let unused = present.filter { $0.hasSuffix(".js") && modules[$0] == nil }.sorted()
    if !unused.isEmpty { throw RuntimeBundleError("modules nothing imports: " + unused.joined(separator: ", ")) }

    var text = "// navdom's browser runtime: the ES modules of Sources/LiveSessions/Resources/runtime/,\n"
      + "// bundled by the server (RuntimeBundle); the comments are in the modules.\n"
    for name in order {
      text += "// ---- runtime/\(name)\n"
      for line in modules[name]!.body(exporting: name == entry) { text += line + "\n" }
    }
    return text
  }

  /// Reads `name` and what it imports, depth first: `order` gets each module after its imports.
  private static func visit(
    _ name: String, in folder: URL, modules: inout [String: RuntimeModule], order: inout [String],
    visiting: inout [String]
  ) throws(RuntimeBundleError) {
    if let start = visiting.firstIndex(of: name) {
      throw RuntimeBundleError("an import cycle: " + (visiting[start...] + [name]).joined(separator: " -> "))
    }
    guard modules[name] == nil else { return }
    guard let source = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
      throw RuntimeBundleError("runtime/\(name) is imported but cannot be read")
    }
    let module = try RuntimeModule(name: name, source: source)
    modules[name] = module
    visiting.append(name)
    for (dependency, _) in module.imports {
      try visit(dependency, in: folder, modules: &modules, order: &order, visiting: &visiting)
    }
    visiting.removeLast()
    order.append(name)
  }

  /// No top-level name twice, and every imported name exported by its module.
  private static func checkNames(_ modules: [String: RuntimeModule], order: [String]) throws(RuntimeBundleError) {
    var owners: [String: String] = [:]
    for name in order {
      let module = modules[name]!
      for declared in module.declared {
        if let owner = owners[declared] {
          throw RuntimeBundleError("`\(declared)` is declared at the top level of both \(owner) and \(name)")
        }
        owners[declared] = name
      }
      for (dependency, names) in module.imports {
        let exported = modules[dependency]!.exported
        for imported in names where !exported.contains(imported) {
          throw RuntimeBundleError("\(name) imports `\(imported)`, which \(dependency) does not export")
        }
      }
    }
  }
}

/// Why the runtime's modules cannot be bundled.
package struct RuntimeBundleError: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
