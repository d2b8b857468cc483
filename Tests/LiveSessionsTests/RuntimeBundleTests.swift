import Foundation
import Testing

@testable import LiveSessions

/// The runtime's bundle (`/runtime.js`): the library's own modules bundle, and modules that
/// would not bundle soundly are refused with the reason.
@Suite struct RuntimeBundleTests {
  /// A folder of modules named by `files` (main.js is the entry), bundled.
  static func bundle(_ files: [String: String]) throws(RuntimeBundleError) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navdom-bundle-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, source) in files {
      try? Data(source.utf8).write(to: folder.appendingPathComponent(name))
    }
    return try RuntimeBundle.make(modulesIn: folder)
  }

  /// The reason `files` are refused, or nil when they bundle.
  static func refusal(_ files: [String: String]) -> String? {
    do {
      _ = try bundle(files)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theLibrarysModulesBundleIntoOneModuleThatImportsNothing() throws {
    let bundle = try RuntimeBundle.served.get()
    let text = String(decoding: bundle.bytes, as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(!lines.contains { $0.hasPrefix("import ") })
    #expect(lines.filter { $0.hasPrefix("// ---- runtime/") }.count > 10)
    // Only the entry exports: its API by name and as one object.
    #expect(text.contains("export const navdom = Object.freeze({"))
    #expect(text.contains("\nfunction applyPatches("))
    #expect(!text.contains("export function applyPatches"), "the modules' exports are dropped")
    #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") && !$0.hasPrefix("// ") })
  }

  @Test func modulesComeAfterWhatTheyImportWithoutImportsOrCommentLines() throws {
    let text = try Self.bundle([
      "main.js": "import { twice } from './math.js';\n\n// The API.\nexport const four = twice(2);\n",
      "math.js": "/*\n * Arithmetic.\n */\nexport function twice(x) {\n  return x * 2; // doubled\n}\n",
    ])
    #expect(text.hasSuffix("""
      // ---- runtime/math.js
      function twice(x) {
        return x * 2; // doubled
      }
      // ---- runtime/main.js
      export const four = twice(2);

      """))
  }

  @Test func anImportCycleIsRefused() {
    let reason = Self.refusal([
      "main.js": "import { a } from './a.js';\n", "a.js": "import { b } from './b.js';\nexport const a = 1;\n",
      "b.js": "import { a } from './a.js';\nexport const b = 2;\n",
    ])
    #expect(reason == "an import cycle: a.js -> b.js -> a.js")
  }

  @Test func aNameDeclaredByTwoModulesIsRefused() {
    let reason = Self.refusal([
      "main.js": "import { a } from './a.js';\nfunction helper() {}\n", "a.js": "export const a = 1;\nfunction helper() {}\n",
    ])
    #expect(reason == "`helper` is declared at the top level of both a.js and main.js")
  }

  @Test func aRenamedImportIsRefused() {
    let reason = Self.refusal(["main.js": "import { a as b } from './a.js';\n", "a.js": "export const a = 1;\n"])
    #expect(reason == "runtime/main.js:1: a renamed import (`a as b`) cannot be bundled")
  }

  @Test func importingANameTheModuleDoesNotExportIsRefused() {
    let reason = Self.refusal(["main.js": "import { b } from './a.js';\n", "a.js": "export const a = 1;\nconst b = 2;\n"])
    #expect(reason == "main.js imports `b`, which a.js does not export")
  }

  @Test func aTemplateLiteralAcrossLinesIsRefused() {
    let reason = Self.refusal(["main.js": "const text = `one\n// two`;\n"])
    #expect(reason == "runtime/main.js:1: a string or template literal that spans lines cannot be bundled")
  }

  @Test func aModuleNothingImportsAndAMissingOneAreRefused() {
    #expect(Self.refusal(["main.js": "export const a = 1;\n", "stray.js": "export const b = 2;\n"])
      == "modules nothing imports: stray.js")
    #expect(Self.refusal(["main.js": "import { a } from './gone.js';\n"]) == "runtime/gone.js is imported but cannot be read")
  }

  @Test func anImportOfAnotherShapeIsRefused() {
    let reason = Self.refusal(["main.js": "import * as all from './a.js';\n", "a.js": "export const a = 1;\n"])
    #expect(reason?.hasPrefix("runtime/main.js:1: an import the bundler does not read") == true)
  }

  @Test func anImportAcrossLinesIsRead() throws {
    let text = try Self.bundle([
      "main.js": "import {\n  one,\n  two,\n} from './a.js';\nexport const three = one + two;\n",
      "a.js": "export const one = 1;\nexport const two = 2;\n",
    ])
    #expect(text.hasSuffix("// ---- runtime/main.js\nexport const three = one + two;\n"))
  }

  @Test func anImportWithoutFromIsRefusedNotSwallowingTheModule() {
    // Read as the start of an import across lines, it took every line after it.
    let reason = Self.refusal(["main.js": "import './a.js';\nexport const b = 2;\n", "a.js": "export const a = 1;\n"])
    #expect(reason?.hasPrefix("runtime/main.js:1: an import the bundler does not read") == true)
    #expect(
      Self.refusal(["main.js": "import {\n  a,\n"]) == "runtime/main.js:1: an import that does not end (no `from './x.js';`)")
  }

  @Test func codeOnABlockCommentsLineIsRefused() {
    // The comment's lines are left out whole, and the code with them.
    #expect(Self.refusal(["main.js": "/* one line */ export const a = 1;\n"])
      == "runtime/main.js:1: code after a block comment on its line cannot be bundled")
    #expect(Self.refusal(["main.js": "/*\n * Two lines.\n */ export const a = 1;\n"])
      == "runtime/main.js:3: code after a block comment on its line cannot be bundled")
    #expect(Self.refusal(["main.js": "/* Fine. */ // and a remark\nexport const a = 1;\n"]) == nil)
  }

  @Test func aModuleWithCRLFLineEndsIsReadLineByLine() throws {
    let text = try Self.bundle([
      "main.js": "import { a } from './a.js';\r\n// The API.\r\nexport const b = a;\r\n", "a.js": "export const a = 1;\r\n",
    ])
    #expect(text.hasSuffix("// ---- runtime/a.js\nconst a = 1;\n// ---- runtime/main.js\nexport const b = a;\n"))
  }

  @Test func anExportListOutsideTheEntryAndTopLevelDestructuringAreRefused() {
    #expect(Self.refusal(["main.js": "import { a } from './a.js';\n", "a.js": "const a = 1;\nexport { a };\n"])
      == "runtime/a.js:2: only the entry may export other than a declaration (`export function`, `export const`)")
    #expect(Self.refusal(["main.js": "const { a, b } = globalThis;\n"])
      == "runtime/main.js:1: a top-level declaration the bundler cannot name (destructuring)")
    #expect(Self.refusal(["main.js": "const a = 1;\nexport { a };\n"]) == nil, "the entry exports as it likes")
  }
}
