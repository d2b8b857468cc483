import NavigationCore
import VirtualDOM

/// How the DOM changed between two renders, in sentences people read in a test:
/// `inserted <dialog role="alertdialog"> "Delete Keyboard?" into <div class="navigation-stack">`,
/// `removed <li class="item"> "Keyboard Blue Duplicate Delete"`.
///
/// Unlike `PatchDescription` (which names nodes by id for debugging the protocol), these
/// lines name nodes by what they are, so they stay the same when ids shift.
///
/// ```swift
/// let before = MountedTree([old])
/// var mounted = before
/// let changes = DOMChange.describe(mounted.update(to: [new]), before: before)
/// #expect(changes == [#"removed <li> "Keyboard""#])
/// ```
public enum DOMChange {
  /// One sentence per patch.
  public static func describe(_ patches: [Patch], before: MountedTree) -> [String] {
    var names: [NodeID: String] = [0: "the page"]
    var parents: [NodeID: NodeID] = [:]
    // Names and parents of the old tree's nodes, in document order.
    var positionInStack: [(id: NodeID, remaining: Int)] = []
    before.forEachNode { id, node in
      while let last = positionInStack.last, last.remaining == 0 { positionInStack.removeLast() }
      if let last = positionInStack.last {
        parents[id] = last.id
        positionInStack[positionInStack.count - 1].remaining -= 1
      } else {
        parents[id] = 0
      }
      names[id] = PatchDescription.summary(of: node)
      if case .element(let element) = node, element.childCount > 0 {
        positionInStack.append((id, element.childCount))
      }
    }

    func name(_ id: NodeID) -> String { names[id] ?? "node #\(id)" }
    func tagName(_ id: NodeID) -> String {
      guard let full = names[id] else { return id == 0 ? "the page" : "node #\(id)" }
      if full.hasPrefix("<"), let end = full.firstIndex(of: ">") { return String(full[...end]) }
      return full
    }
    func remember(_ node: Node, firstID: NodeID) {
      var next = firstID
      func visit(_ node: Node) {
        names[next] = PatchDescription.summary(of: node)
        next += 1
        if case .element(let element) = node { for child in element.children { visit(child) } }
      }
      visit(node)
    }

    var lines: [String] = []
    for patch in patches {
      switch patch {
      case .insert(let parent, _, let node, let firstID):
        lines.append("inserted \(PatchDescription.summary(of: node)) into \(tagName(parent))")
        remember(node, firstID: firstID)
      case .move(let id, let parent, _):
        lines.append("moved \(name(id)) within \(tagName(parent))")
      case .remove(let id):
        lines.append("removed \(name(id))")
      case .clear(let parent):
        lines.append("emptied \(tagName(parent))")
      case .replace(let id, let node, let firstID):
        lines.append("replaced \(name(id)) with \(PatchDescription.summary(of: node))")
        remember(node, firstID: firstID)
      case .text(let id, let text):
        let parent = parents[id].map(tagName) ?? "its parent"
        lines.append("changed text \(name(id)) to \"\(text)\" in \(parent)")
      case .setAttribute(let id, let attribute, let value):
        lines.append("set \(attribute)=\"\(value)\" on \(tagName(id))")
      case .removeAttribute(let id, let attribute):
        lines.append("removed \(attribute) from \(tagName(id))")
      case .setProperty(let id, let property, let value):
        switch value {
        case .string(let text): lines.append("set property \(property)=\"\(text)\" on \(tagName(id))")
        case .bool(let flag): lines.append("set property \(property)=\(flag) on \(tagName(id))")
        }
      case .removeProperty(let id, let property):
        lines.append("reset property \(property) on \(tagName(id))")
      case .listen(let id, let event):
        lines.append("started listening to \(event) on \(tagName(id))")
      case .unlisten(let id, let event):
        lines.append("stopped listening to \(event) on \(tagName(id))")
      case .invoke(let id, let method):
        lines.append("called \(method.rawValue)() on \(tagName(id))")
      }
    }
    return lines
  }
}

extension NavigationTestDriver {
  /// Performs `action` (pressing, typing, going back) and returns how the DOM changed, as
  /// ``DOMChange`` sentences.
  ///
  /// ```swift
  /// let changes = try driver.domChanges { try driver.press("Delete") }
  /// #expect(changes.first == #"inserted <dialog id="deleteAlert" …> "Delete Keyboard?…" into the page"#)
  /// ```
  public func domChanges<Failure: Error>(during action: () throws(Failure) -> Void) throws(Failure) -> [String] {
    let before = runtime.mountedTree
    try action()
    return DOMChange.describe(lastPatches, before: before)
  }
}
