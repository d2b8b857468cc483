/// Human-readable patch lists: the form people read in `navdom diff --format text` and in
/// test failures.
///
/// ```swift
/// let lines = PatchDescription.lines(for: patches, before: MountedTree([old]))
/// // ["text #4 <li> \"Two\" -> \"Three\""]
/// ```
public enum PatchDescription {
  /// One line per patch. Nodes are named by id and, when `before` knows them, by a short
  /// summary (`#3 <li class="item"> "Keyboard"`).
  public static func lines(for patches: [Patch], before: MountedTree? = nil) -> [String] {
    var summaries: [NodeID: String] = [0: "#0 (container)"]
    before?.forEachNode { id, node in summaries[id] = "#\(id) " + summary(of: node) }
    func name(_ id: NodeID) -> String { summaries[id] ?? "#\(id)" }
    func position(_ before: NodeID?) -> String { before.map { "before " + name($0) } ?? "at the end" }

    var lines: [String] = []
    for patch in patches {
      switch patch {
      case .insert(let parent, let before, let node, let firstID):
        lines.append("insert #\(firstID) \(summary(of: node)) into \(name(parent)) \(position(before))")
        remember(node, firstID: firstID, in: &summaries)
      case .move(let id, let parent, let before):
        lines.append("move \(name(id)) into \(name(parent)) \(position(before))")
      case .remove(let id):
        lines.append("remove \(name(id))")
      case .clear(let parent):
        lines.append("clear \(name(parent))")
      case .replace(let id, let node, let firstID):
        lines.append("replace \(name(id)) with #\(firstID) \(summary(of: node))")
        remember(node, firstID: firstID, in: &summaries)
      case .text(let id, let text):
        lines.append("text \(name(id)) -> \(quoted(text))")
      case .setAttribute(let id, let attribute, let value):
        lines.append("set \(attribute)=\(quoted(value)) on \(name(id))")
      case .removeAttribute(let id, let attribute):
        lines.append("remove attribute \(attribute) from \(name(id))")
      case .setProperty(let id, let property, let value):
        let shown: String
        switch value {
        case .string(let string): shown = quoted(string)
        case .bool(let flag): shown = flag ? "true" : "false"
        }
        lines.append("set property \(property)=\(shown) on \(name(id))")
      case .removeProperty(let id, let property):
        lines.append("remove property \(property) from \(name(id))")
      case .listen(let id, let event, _):
        lines.append("listen to \(event) on \(name(id))")
      case .unlisten(let id, let event):
        lines.append("stop listening to \(event) on \(name(id))")
      case .invoke(let id, let method):
        lines.append("call \(method.rawValue)() on \(name(id))")
      }
    }
    return lines
  }

  /// A node in a few words: its start tag with attributes, and the start of its text.
  public static func summary(of node: Node) -> String {
    switch node {
    case .text(let text): return quoted(text)
    case .comment(let text): return "<!--\(text)-->"
    case .fragment(let nodes): return "fragment of \(nodes.count)"
    case .element(let element):
      var result = "<" + element.tag
      for attribute in element.attributes {
        // Written as the serializer writes it (`open=""`), so sentences match snapshots.
        result += " \(attribute.name)=\"\(attribute.value)\""
      }
      result += ">"
      let text = textContent(of: node)
      if !text.isEmpty { result += " " + quoted(text) }
      return result
    }
  }

  /// The text of a subtree, white space collapsed, cut to 40 characters. Texts of different
  /// elements are kept apart by a space (`Keyboard Blue`, not `KeyboardBlue`).
  public static func textContent(of node: Node) -> String {
    let text = node.textContent(separatingElements: true)
    return text.count > 40 ? String(text.prefix(39)) + "…" : text
  }

  static func quoted(_ text: String) -> String { "\"" + text + "\"" }

  private static func remember(_ node: Node, firstID: NodeID, in summaries: inout [NodeID: String]) {
    var nextID = firstID
    func visit(_ node: Node) {
      summaries[nextID] = "#\(nextID) " + summary(of: node)
      nextID += 1
      if case .element(let element) = node { for child in element.children { visit(child) } }
    }
    visit(node)
  }
}
