/// One module of the browser runtime, read line by line for ``RuntimeBundle``: what it
/// imports, what it declares at its top level, and its lines as the bundle keeps them.
///
/// ```swift
/// let module = try RuntimeModule(name: "queue.js", source: text)
/// module.imports   // [("patches.js", ["applyPatches"]), …]
/// ```
struct RuntimeModule {
  /// Its file name in runtime/ (`queue.js`).
  let name: String
  /// Each import statement's module and names, in order.
  private(set) var imports: [(module: String, names: [String])] = []
  /// The names declared at the top level (functions, classes, bindings), exported or not.
  private(set) var declared: [String] = []
  private(set) var exported: Set<String> = []
  /// The lines that are neither an import, nor blank, nor only a comment.
  private var lines: [Substring] = []

  private static let declarationKeywords = ["function* ", "function ", "class ", "const ", "let ", "var "]

  /// Reads `source`, the module `name` of runtime/ (errors give its name and the line).
  init(name: String, source: String) throws(RuntimeBundleError) {
    self.name = name
    var pendingImport: (statement: String, place: String)?
    var inBlockComment = false
    // "\r\n" is one Character, so a file with CR LF line ends is split on it too.
    let sourceLines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, line) in sourceLines.enumerated() {
      let place = "runtime/\(name):\(index + 1)"
      if let pending = pendingImport {
        let statement = pending.statement + " " + line
        pendingImport = (statement, pending.place)
        // An import ends at its `from` (or, not being one the bundler reads, at its `;`).
        if line.contains(" from ") || line.contains(";") {
          pendingImport = nil
          try addImport(statement, at: pending.place)
        }
        continue
      }
      let text = line.drop { $0 == " " || $0 == "\t" }
      if inBlockComment {
        inBlockComment = !text.contains("*/")
        if !inBlockComment { try Self.requireNothingAfterComment(text, at: place) }
        continue
      }
      if text.hasPrefix("/*") {
        inBlockComment = !text.contains("*/")
        if !inBlockComment { try Self.requireNothingAfterComment(text, at: place) }
        continue
      }
      if text.isEmpty || text.hasPrefix("//") { continue }
      if line.hasPrefix("import ") {
        if line.contains(" from ") || line.contains(";") {
          try addImport(String(line), at: place)
        } else {
          pendingImport = (String(line), place)
        }
        continue
      }
      // Comment lines go whole, so no line of code may continue a string onto the next.
      if line.filter({ $0 == "`" }).count % 2 == 1 || line.hasSuffix("\\") {
        throw RuntimeBundleError("\(place): a string or template literal that spans lines cannot be bundled")
      }
      try noteDeclaration(line, at: place)
      lines.append(line)
    }
    if let pending = pendingImport {
      throw RuntimeBundleError("\(pending.place): an import that does not end (no `from './x.js';`)")
    }
  }

  /// A line that closes a block comment is left out whole, so it must hold nothing after it.
  private static func requireNothingAfterComment(_ text: Substring, at place: String) throws(RuntimeBundleError) {
    guard let end = text.range(of: "*/") else { return }
    let rest = text[end.upperBound...].drop { $0 == " " || $0 == "\t" }
    if !rest.isEmpty && !rest.hasPrefix("//") {
      throw RuntimeBundleError("\(place): code after a block comment on its line cannot be bundled")
    }
  }

  /// The module's lines in the bundle: `export` dropped unless the module is the entry.
  func body(exporting: Bool) -> [Substring] {
    guard !exporting else { return lines }
    return lines.map { line in
      guard line.hasPrefix("export "), Self.declarationName(line.dropFirst("export ".count)) != nil else { return line }
      return line.dropFirst("export ".count)
    }
  }

  /// `import { a, b } from './x.js';`, the only form the bundler reads.
  private mutating func addImport(_ statement: String, at place: String) throws(RuntimeBundleError) {
    guard let open = statement.firstIndex(of: "{"), let close = statement.firstIndex(of: "}"), open < close,
      let from = statement.range(of: "from './"), let end = statement[from.upperBound...].firstIndex(of: "'")
    else {
      throw RuntimeBundleError("\(place): an import the bundler does not read (use `import { a, b } from './x.js';`)")
    }
    let names = statement[statement.index(after: open)..<close].split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    if let renamed = names.first(where: { $0.contains(" as ") }) {
      throw RuntimeBundleError("\(place): a renamed import (`\(renamed)`) cannot be bundled")
    }
    imports.append((String(statement[from.upperBound..<end]), names))
  }

  /// Notes a top-level declaration's name; refuses what the duplicate-name check could not
  /// read (destructuring), and an `export` that is not a declaration (`export { a }`,
  /// `export default`), which only the entry may have: elsewhere it would export from the bundle.
  private mutating func noteDeclaration(_ line: Substring, at place: String) throws(RuntimeBundleError) {
    let isExported = line.hasPrefix("export ")
    let declaration = isExported ? line.dropFirst("export ".count) : line
    guard let name = Self.declarationName(declaration) else {
      let rest = declaration.hasPrefix("async ") ? declaration.dropFirst("async ".count) : declaration
      if Self.declarationKeywords.contains(where: { rest.hasPrefix($0) }) {
        throw RuntimeBundleError("\(place): a top-level declaration the bundler cannot name (destructuring)")
      }
      if isExported && self.name != RuntimeBundle.entry {
        throw RuntimeBundleError("\(place): only the entry may export other than a declaration (`export function`, `export const`)")
      }
      return
    }
    declared.append(name)
    if isExported { exported.insert(name) }
  }

  /// The name a top-level declaration line declares (`async function f(`, `const X =`), or nil.
  private static func declarationName(_ line: Substring) -> String? {
    let rest = line.hasPrefix("async ") ? line.dropFirst("async ".count) : line
    guard let keyword = declarationKeywords.first(where: { rest.hasPrefix($0) }) else { return nil }
    let name = rest.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    return name.isEmpty ? nil : String(name)
  }
}
