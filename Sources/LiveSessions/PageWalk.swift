import NavigationCore
import VirtualDOM

/// The one walk a live page makes over its tree before it is serialized, in document order
/// with the node ids as mounted: the hydration check (``HydrationCheck``) and the hydration
/// patches (what ``NavigationCore/AppSession/hydrationPatches`` lists), and the no-script
/// annotation (``NoScriptForms``) in the copy it returns. It used to be three walks, each
/// over every node; the serializer's is the only other one (the check and the patches are
/// attributes of the container, written before the nodes they describe).
///
/// Unchanged subtrees are shared, not copied: a children array is made only under an element
/// something below was annotated in, and elements without listeners are never looked at twice.
///
/// ```swift
/// var walk = PageWalk(ids: runtime.mountedTree.ids, forms: NoScriptForms(session: "3f9c"), hydrates: true)
/// let roots = walk.run(runtime.nodes)
/// walk.check.value   // "42:9c1e03aa"
/// ```
struct PageWalk {
  private let ids: [NodeID]
  private var position = 0
  /// The no-script rules, when the page's forms post to a session.
  let forms: NoScriptForms?
  /// Whether the check and the patches are made (a page that hydrates).
  private let hydrates: Bool
  /// Whether the annotated copy is made (a submission only wants the forms' fields).
  private let building: Bool
  private(set) var check = HydrationCheck()
  private(set) var patches: [Patch] = []

  init(ids: [NodeID], forms: NoScriptForms?, hydrates: Bool, building: Bool = true) {
    self.ids = ids
    self.forms = forms
    self.hydrates = hydrates
    self.building = building
  }

  /// Walks `roots` (a mounted tree's roots, so no fragments) and returns them annotated.
  mutating func run(_ roots: [Node]) -> [Node] {
    position = 0
    return roots.map { visit($0, form: nil) }
  }

  private mutating func visit(_ node: Node, form: NodeID?) -> Node {
    guard case .element(let element) = node else {
      position += 1
      if hydrates { check.add(node) }
      return node
    }
    let id = position < ids.count ? ids[position] : -1
    position += 1
    if hydrates { check.enter(element) }
    var attributes: [Attribute]?
    var innerForm = form
    if element.hasExtras {
      if hydrates { addPatches(of: element, id: id) }
      if let forms { (attributes, innerForm) = forms.annotation(of: element, id: id, form: form) }
    }
    var children: [Node]?
    let childCount = element.childCount
    for index in 0..<childCount {
      let child = element.child(at: index)
      let after = visit(child, form: innerForm)
      if children != nil {
        children?.append(after)
      } else if building, case .element(let old) = child, case .element(let new) = after, !old.isIdentical(to: new) {
        // The first child that changed: the ones before it are as they were.
        var changed: [Node] = []
        changed.reserveCapacity(childCount)
        for earlier in 0..<index { changed.append(element.child(at: earlier)) }
        changed.append(after)
        children = changed
      }
    }
    if hydrates { check.leave() }
    guard building, attributes != nil || children != nil else { return node }
    return .element(element.with(attributes: attributes, children: children))
  }

  /// `listen` for each listener and `setProp` for each DOM property, as hydration needs them.
  private mutating func addPatches(of element: Element, id: NodeID) {
    element.appendHydrationPatches(id: id, to: &patches)
  }
}
