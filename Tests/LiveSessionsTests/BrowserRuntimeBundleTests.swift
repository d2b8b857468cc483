import Foundation
import Testing

@testable import LiveSessions

/// The runtime's bundle (`/runtime.js`): the committed esbuild bundle of the runtime's modules
/// (its freshness is Scripts/bundle-runtime.sh --check, a suite of Scripts/test.sh).
@Suite struct BrowserRuntimeBundleTests {
  @Test func theServedBundleIsTheCommittedFileAndOneModuleThatImportsNothing() throws {
    let bundle = try BrowserRuntimeBundle.served.get()
    let text = String(decoding: bundle.bytes, as: UTF8.self)
    let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/LiveSessions/Resources/runtime.js")
    #expect(bundle.bytes == Array(try Data(contentsOf: committed)))
    #expect(!text.contains("from\"./") && !text.contains("from './") && !text.contains("import("))
    // The entry's API, by name: what pages and `import { navdom } from '/runtime.js'` use.
    #expect(text.contains("navdom"))
    #expect(text.range(of: #"export\{[^}]*\bnavdom\b"#, options: .regularExpression) != nil)
  }
}
