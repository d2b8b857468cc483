import Foundation
import LiveSessions

/// Where `serve --wasm` finds the module when no path is given: what the `build-wasm` plugin
/// writes by default, `.build-wasm/PRODUCT.wasm`. The executable's own name is tried first
/// (`--output .build-wasm/Counter.wasm`, as README builds it), then `NAMEWasm` (the product
/// naming README and the example use), then the only module in `.build-wasm` if there is one.
///
/// ```swift
/// let path = try WasmModuleLocation.defaultPath(program: "Contacts")   // ".build-wasm/ContactsWasm.wasm"
/// ```
enum WasmModuleLocation {
  static let folder = ".build-wasm"

  /// The module to serve, or a message saying what was looked for and how to build it.
  static func defaultPath(program: String) -> Result<String, WasmModuleError> {
    let candidates = ["\(folder)/\(program).wasm", "\(folder)/\(program)Wasm.wasm"]
    for path in candidates where FileManager.default.fileExists(atPath: path) { return .success(path) }
    let found = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".wasm") }.sorted()
    if found.count == 1 { return .success("\(folder)/\(found[0])") }
    let reason = found.isEmpty
      ? "there is none (looked for \(candidates.joined(separator: " and ")))"
      : "there are several (\(found.joined(separator: ", "))): name one with --wasm \(folder)/NAME.wasm"
    return .failure(WasmModuleError(path: "\(folder)/", reason: reason))
  }

  /// What to do about a module that could not be loaded from `path`.
  static func advice(for error: WasmModuleError, program: String) -> String {
    let build = "swift package --allow-writing-to-package-directory build-wasm --product YOUR_WASM_PRODUCT"
    switch error.kind {
    case .notWebAssembly:
      return "pass the .wasm file the build-wasm plugin wrote (by default \(folder)/YOUR_WASM_PRODUCT.wasm): "
        + "\(program) serve --wasm \(folder)/YOUR_WASM_PRODUCT.wasm"
    case .missing where error.path.hasSuffix(".wasm"):
      return "build it with: \(build) --output \(error.path) (docs/WASM.md)"
    default:
      return "build it with: \(build) (it writes \(folder)/YOUR_WASM_PRODUCT.wasm; docs/WASM.md)"
    }
  }
}
