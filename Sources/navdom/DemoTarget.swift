import VirtualDOM

/// Finds the node a scripted step acts on, as a person would: only what is reachable counts
/// (the top open dialog's content while one is open, else what is not `hidden`).
///
/// ```swift
/// let id = try DemoTarget.button("Add item", in: runtime.mountedTree)
/// ```
enum DemoTarget {
  struct Located {
    var id: NodeID
    var element: Element
    var ancestors: [NodeID]
    var isHidden: Bool
  }

  /// Every element in document order, with its ancestors' ids.
  static func elements(of tree: MountedTree) -> [Located] {
    var result: [Located] = []
    var position = 0
    var ancestors: [NodeID] = []
    var hiddenDepth = 0
    func visit(_ node: Node) {
      let id = tree.ids[position]
      position += 1
      guard case .element(let element) = node else { return }
      let hidden = element.attribute("hidden") != nil
      if hidden { hiddenDepth += 1 }
      result.append(Located(id: id, element: element, ancestors: ancestors, isHidden: hiddenDepth > 0))
      ancestors.append(id)
      for child in element.children { visit(child) }
      ancestors.removeLast()
      if hidden { hiddenDepth -= 1 }
    }
    for root in tree.roots { visit(root) }
    return result
  }

  /// The top open dialog, if any.
  static func topDialog(_ elements: [Located]) -> Located? {
    elements.last { $0.element.tag == "dialog" && !$0.isHidden }
  }

  static func reachable(_ elements: [Located]) -> [Located] {
    if let dialog = topDialog(elements) {
      return elements.filter { $0.ancestors.contains(dialog.id) && !$0.isHidden }
    }
    return elements.filter { !$0.isHidden }
  }

  /// The one reachable button or link whose text or `aria-label` is `label`.
  static func button(_ label: String, in tree: MountedTree) throws(ScriptError) -> NodeID {
    let found = reachable(elements(of: tree)).filter {
      ($0.element.tag == "button" || $0.element.tag == "a")
        && (Node.element($0.element).textContent() == label || $0.element.attribute("aria-label") == label)
    }
    guard found.count == 1 else { throw ScriptError(line: 0, "\(found.count) buttons or links labelled \"\(label)\"") }
    return found[0].id
  }

  /// The one reachable field a `<label for>` with text `label` names.
  static func field(_ label: String, in tree: MountedTree) throws(ScriptError) -> NodeID {
    let all = reachable(elements(of: tree))
    var found: [NodeID] = []
    for located in all where located.element.tag == "label" && Node.element(located.element).textContent() == label {
      guard let target = located.element.attribute("for") else { continue }
      found += all.filter { $0.element.attribute("id") == target }.map(\.id)
    }
    guard found.count == 1 else { throw ScriptError(line: 0, "\(found.count) fields labelled \"\(label)\"") }
    return found[0]
  }

  /// The top open dialog's id (Escape's target).
  static func dialog(in tree: MountedTree) throws(ScriptError) -> NodeID {
    guard let dialog = topDialog(elements(of: tree)) else { throw ScriptError(line: 0, "no dialog is open") }
    return dialog.id
  }

  /// The Back button of the top visible page.
  static func backButton(in tree: MountedTree) throws(ScriptError) -> NodeID {
    let backs = reachable(elements(of: tree)).filter {
      // A <button>, or an <a href> in a stack with routes.
      ($0.element.tag == "button" || $0.element.tag == "a") && $0.element.attribute("class") == "navigation-back"
    }
    guard let back = backs.last else { throw ScriptError(line: 0, "no Back button") }
    return back.id
  }
}
