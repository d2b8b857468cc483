import VirtualDOM

/// A dialog open in a page a `PageDriver` (NavigationTesting) drives: which one, and how the browser names it.
///
/// ```swift
/// let top = try #require(driver.topDialog)
/// #expect(top.id == "team-invite")
/// #expect(top.kind == "navigation-sheet")
/// #expect(top.title == "Invite a member")
/// try driver.send(id: top.nodeID, event: "cancel")
/// ```
public struct OpenDialog: Equatable, Sendable {
  /// The `<dialog>`'s node id, for ``NavigationTestDriver/send(id:event:payload:)`` (`PageDriver`'s).
  public var nodeID: NodeID
  /// Its DOM `id` (from the presentation's names, `team-invite`).
  public var id: String
  /// Its class: `navigation-sheet`, `navigation-alert`, …
  public var kind: String
  /// Its accessible name: the `aria-label`, else the text of the heading `aria-labelledby` names.
  public var title: String

  init(_ located: LocatedElement) {
    let element = located.element
    nodeID = located.id
    id = element.attribute("id") ?? ""
    kind = element.attribute("class") ?? ""
    if let label = element.attribute("aria-label") {
      title = label
    } else if let labelledBy = element.attribute("aria-labelledby"),
      let heading = OpenDialog.element(withID: labelledBy, in: .element(element))
    {
      title = TreeWalk.text(of: .element(heading))
    } else {
      title = ""
    }
  }

  private static func element(withID id: String, in node: Node) -> Element? {
    guard case .element(let element) = node else { return nil }
    if element.attribute("id") == id { return element }
    for child in element.children {
      if let found = Self.element(withID: id, in: child) { return found }
    }
    return nil
  }
}
