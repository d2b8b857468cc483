import Foundation
import StaticServe

/// The browser runtime as pages load it (`/runtime.js`): one ES module, the modules of
/// Resources/runtime/ (`main.js`, the entry, and one module per concept, which the tests
/// import one by one; docs/RUNTIME.md) bundled and minified by esbuild at development time
/// (`Scripts/bundle-runtime.sh`), committed as Resources/runtime.js; the test suite checks it
/// is what the modules bundle into now (`Scripts/bundle-runtime.sh --check`).
///
/// ```swift
/// let bundle = try BrowserRuntimeBundle.served.get()   // the bytes of /runtime.js
/// ```
package enum BrowserRuntimeBundle {
  /// The library's bundle, read once per process; a failure is the reason (the server answers
  /// it with a 500).
  package static let served: Result<MemoryFile, BrowserRuntimeBundleError> = {
    guard let url = Bundle.module.url(forResource: "runtime", withExtension: "js"),
      let bytes = try? Data(contentsOf: url)
    else {
      return .failure(BrowserRuntimeBundleError("the runtime's bundle is missing from the library's resources"))
    }
    return .success(MemoryFile(bytes: Array(bytes), contentType: "text/javascript; charset=utf-8"))
  }()
}

/// Why the runtime's bundle cannot be served.
package struct BrowserRuntimeBundleError: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
