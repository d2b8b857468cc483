import VirtualDOM

/// Why a tree cannot be written as HTML, and where in the tree the problem is.
///
/// ```swift
/// do { _ = try renderHTML(script { "</script>" }) }
/// catch { print(error.description) }
/// // script > #text: raw text would close its <script> element early ("</script")
/// ```
public struct RenderError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, in a sentence.
  public var message: String
  /// The path from the root to the offending node: `html > body > div[2] > script`.
  public var path: [String]

  public init(_ message: String, path: [String] = []) {
    self.message = message
    self.path = path
  }

  public var description: String {
    path.isEmpty ? message : joined(path) + ": " + message
  }

  func inside(_ step: String) -> RenderError {
    RenderError(message, path: [step] + path)
  }

  private func joined(_ parts: [String]) -> String {
    var result = ""
    for (index, part) in parts.enumerated() {
      if index > 0 { result += " > " }
      result += part
    }
    return result
  }
}
