import VirtualDOM

/// A scripted demo flow, one step a line (Tests/wasm/demo-flows.txt): the format `navdom
/// demo-trace` runs natively and the WebAssembly parity test replays in the module.
///
/// ```
/// flow add-save /
/// press Add item
/// type Name = Mouse
/// press Save
/// ```
struct DemoScript {
  struct Flow {
    var name: String
    var url: String
    var steps: [Step] = []
  }

  enum Step {
    case press(String)
    case type(label: String, text: String)
    case escape
    case back
    case popState(String)

    var text: String {
      switch self {
      case .press(let label): return "press " + label
      case .type(let label, let text): return "type " + label + " = " + text
      case .escape: return "escape"
      case .back: return "back"
      case .popState(let url): return "popstate " + url
      }
    }
  }

  var flows: [Flow] = []

  /// Parses a script; `#` starts a comment line. Throws naming the line.
  init(parsing text: String) throws(ScriptError) {
    var number = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let line = Self.trimmed(Substring(rawLine))
      if line.isEmpty || line.hasPrefix("#") { continue }
      let (word, rest) = Self.splitFirstWord(line)
      if word == "flow" {
        let (name, url) = Self.splitFirstWord(rest)
        guard !name.isEmpty, url.hasPrefix("/") else { throw ScriptError(line: number, "expected: flow NAME /url") }
        flows.append(Flow(name: name, url: url))
        continue
      }
      guard !flows.isEmpty else { throw ScriptError(line: number, "a step before the first flow line") }
      let step: Step
      switch word {
      case "press" where !rest.isEmpty: step = .press(rest)
      case "type":
        let parts = rest.components(separatedBy: " = ")
        guard parts.count == 2 else { throw ScriptError(line: number, "expected: type LABEL = TEXT") }
        step = .type(label: parts[0], text: parts[1])
      case "escape" where rest.isEmpty: step = .escape
      case "back" where rest.isEmpty: step = .back
      case "popstate" where rest.hasPrefix("/"): step = .popState(rest)
      default: throw ScriptError(line: number, "unknown step \"\(line)\"")
      }
      flows[flows.count - 1].steps.append(step)
    }
  }

  private static func splitFirstWord(_ line: String) -> (String, String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (String(line[..<space]), trimmed(line[line.index(after: space)...]))
  }

  private static func trimmed(_ text: Substring) -> String {
    var result = text
    while let first = result.first, first == " " || first == "\t" || first == "\r" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
    return String(result)
  }
}

/// A script line that cannot be parsed or performed.
struct ScriptError: Error, CustomStringConvertible {
  var line: Int
  var message: String
  init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }
  var description: String { line > 0 ? "line \(line): \(message)" : message }
}
