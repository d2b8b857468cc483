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
    var names = NodeNames(before)
    var lines: [String] = []
    for patch in patches {
      lines.append(names.sentence(for: patch))
      switch patch {
      case .insert(_, _, let node, let firstID), .replace(_, let node, let firstID): names.remember(node, firstID: firstID)
      default: break
      }
    }
    return lines
  }
}

/// What the sentences call each node: the old tree's nodes and their parents, then the nodes
/// the patches insert, as they come.
private struct NodeNames {
  private var names: [NodeID: String] = [0: "the page"]
  private var parents: [NodeID: NodeID] = [:]

  /// Names and parents of the tree's nodes, in document order.
  init(_ tree: MountedTree) {
    var positionInStack: [(id: NodeID, remaining: Int)] = []
    tree.forEachNode { id, node in
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
  }

  func name(_ id: NodeID) -> String { names[id] ?? "node #\(id)" }

  func tagName(_ id: NodeID) -> String {
    guard let full = names[id] else { return id == 0 ? "the page" : "node #\(id)" }
    if full.hasPrefix("<"), let end = full.firstIndex(of: ">") { return String(full[...end]) }
    return full
  }

  /// Names an inserted subtree's nodes, numbered from `firstID` in document order.
  mutating func remember(_ node: Node, firstID: NodeID) {
    var next = firstID
    func visit(_ node: Node) {
      names[next] = PatchDescription.summary(of: node)
      next += 1
      if case .element(let element) = node { element.forEachChild { visit($0) } }
    }
    visit(node)
  }

  func sentence(for patch: Patch) -> String {
    switch patch {
    case .insert(let parent, _, let node, _): return "inserted \(PatchDescription.summary(of: node)) into \(tagName(parent))"
    case .move(let id, let parent, _): return "moved \(name(id)) within \(tagName(parent))"
    case .remove(let id): return "removed \(name(id))"
    case .clear(let parent): return "emptied \(tagName(parent))"
    case .replace(let id, let node, _): return "replaced \(name(id)) with \(PatchDescription.summary(of: node))"
    case .text(let id, let text):
      return "changed text \(name(id)) to \"\(text)\" in \(parents[id].map(tagName) ?? "its parent")"
    case .setAttribute(let id, let attribute, let value): return "set \(attribute)=\"\(value)\" on \(tagName(id))"
    case .removeAttribute(let id, let attribute): return "removed \(attribute) from \(tagName(id))"
    case .setProperty(let id, let property, .string(let text)): return "set property \(property)=\"\(text)\" on \(tagName(id))"
    case .setProperty(let id, let property, .bool(let flag)): return "set property \(property)=\(flag) on \(tagName(id))"
    case .removeProperty(let id, let property): return "reset property \(property) on \(tagName(id))"
    case .listen(let id, let event, _): return "started listening to \(event) on \(tagName(id))"
    case .unlisten(let id, let event): return "stopped listening to \(event) on \(tagName(id))"
    case .invoke(let id, let method): return "called \(method.rawValue)() on \(tagName(id))"
    }
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
