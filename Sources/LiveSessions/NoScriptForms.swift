import NavigationCore
import VirtualDOM

/// The markup that lets a live page work without script (docs/NO-SCRIPT.md): forms and buttons
/// the app listens to post to the session, which runs their handlers and redirects.
///
/// A live page's tree is walked with its node ids, and in the copy that is rendered:
/// - a `<form>` with a `submit` listener gets `method="post"` and
///   `action="/_navdom/form?session=S&form=ID"`; its fields keep their form;
/// - a button with a `click` listener gets `name="navdom-click" value="ID"`; unless it submits
///   such a form, it also gets `type="submit" form="navdom-noscript"`: it submits the page's
///   own empty form (`<form id="navdom-noscript">`, before the container, outside what the
///   ids number);
/// - an `<input>`, `<select>` or `<textarea>` with an `input` or `change` listener gets a
///   `name` when it has none (`navdom-ID`) and, outside such a form, `form="navdom-noscript"`.
///
/// With script on, runtime.js prevents those submissions and sends the events as ever; the
/// ids and the diff are unchanged (attributes are not nodes, and the tree the session keeps
/// is not touched).
///
/// ```swift
/// let walk = NoScriptForms(session: "3f9c", ids: ids)
/// let roots = walk.annotate(runtime.nodes)   // rendered instead of runtime.nodes
/// ```
final class NoScriptForms {
  /// Where forms post, and the id of the page's own form.
  static let endpoint = "/_navdom/form"
  static let pageForm = "navdom-noscript"
  /// The field naming the clicked button's node id.
  static let clickField = "navdom-click"

  /// Which form a control belongs to: the page's own, or an app's `<form>` (by node id).
  enum Owner: Equatable {
    case page
    case form(NodeID)
  }

  /// A field a submission may carry: its node id, the name it is posted under, how its value
  /// reaches the app, and its form.
  struct Field {
    var id: NodeID
    var name: String
    var events: [String]
    var isCheckbox: Bool
    var value: String
    var owner: Owner
  }

  let session: String
  private let ids: [NodeID]
  private var position = 0
  /// Every listening field met, in document order.
  private(set) var fields: [Field] = []
  /// Whether any control was given to the page's own form (the page then carries it).
  private(set) var usesPageForm = false

  init(session: String, ids: [NodeID]) {
    self.session = session
    self.ids = ids
  }

  /// The walk for a runtime's current tree (its ids as mounted).
  convenience init(session: String, runtime: NavigationRuntime) {
    self.init(session: session, ids: runtime.mountedTree.ids)
  }

  /// `roots`, with the attributes above added where they apply (unchanged subtrees shared).
  func annotate(_ roots: [Node]) -> [Node] {
    walk(roots, building: true)
  }

  /// Only `fields`, for a submission: the same walk, building nothing.
  func collectFields(of roots: [Node]) {
    _ = walk(roots, building: false)
  }

  private var building = true

  private func walk(_ roots: [Node], building: Bool) -> [Node] {
    position = 0
    fields = []
    self.building = building
    return roots.map { visit($0, form: nil) }
  }

  /// The page's own form: put before the container. Its first submit button is a disabled
  /// one, so Enter in a field of this form submits nothing (with or without script), as before.
  func pageFormNode() -> Node {
    form(
      .id(Self.pageForm), .method("post"), .action(Self.endpoint + "?session=" + session), .hidden()
    ) {
      button(.type("submit"), .disabled(), .tabIndex(-1)) { "Enter submits nothing" }
    }
  }

  private func visit(_ node: Node, form submitForm: NodeID?) -> Node {
    guard case .element(let element) = node else {
      position += 1
      return node
    }
    let id = position < ids.count ? ids[position] : -1
    position += 1
    let events = element.hasExtras ? element.listeners.map { $0.event } : []
    let tag = element.tag.lowercased()
    var attributes: [Attribute]?
    var innerForm = submitForm

    if tag == "form", events.contains("submit"), element.attribute("method")?.lowercased() != "dialog" {
      innerForm = id
      attributes = setting(
        [("method", "post"), ("action", Self.endpoint + "?session=" + session + "&form=" + String(id))], in: element)
    } else if events.contains("click"), isButton(element, tag: tag) {
      if submitForm != nil, submitsItsForm(element, tag: tag) {
        attributes = setting([("name", Self.clickField), ("value", String(id))], in: element)
      } else {
        usesPageForm = true
        attributes = setting(
          [("type", "submit"), ("form", Self.pageForm), ("name", Self.clickField), ("value", String(id))], in: element)
      }
    } else if ["input", "select", "textarea"].contains(tag), events.contains("input") || events.contains("change") {
      let type = element.attribute("type")?.lowercased() ?? ""
      let name = element.attribute("name") ?? "navdom-\(id)"
      let owner: Owner = submitForm.map { .form($0) } ?? .page
      var changes = [("name", name)]
      if owner == .page {
        usesPageForm = true
        changes.append(("form", Self.pageForm))
      }
      attributes = setting(changes, in: element)
      fields.append(
        Field(
          id: id, name: name, events: events, isCheckbox: type == "checkbox" || type == "radio",
          value: element.attribute("value") ?? "on", owner: owner))
    }

    var children: [Node]?
    if element.childCount > 0 {
      var changed = false
      var visited: [Node] = []
      visited.reserveCapacity(element.childCount)
      for index in 0..<element.childCount {
        let child = element.child(at: index)
        let after = visit(child, form: innerForm)
        if !changed, case .element(let old) = child, case .element(let new) = after, !old.isIdentical(to: new) {
          changed = true
        }
        visited.append(after)
      }
      if changed { children = visited }
    }
    guard building, attributes != nil || children != nil else { return node }
    return .element(element.with(attributes: attributes, children: children))
  }

  private func isButton(_ element: Element, tag: String) -> Bool {
    if tag == "button" { return true }
    guard tag == "input" else { return false }
    let type = element.attribute("type")?.lowercased() ?? ""
    return type == "submit" || type == "button" || type == "image"
  }

  /// Whether clicking the button submits the form it sits in (its type is submit).
  private func submitsItsForm(_ element: Element, tag: String) -> Bool {
    let type = element.attribute("type")?.lowercased() ?? (tag == "button" ? "submit" : "")
    return type == "submit" || type == "image"
  }

  /// The element's attributes with each of `changes` set: replaced in place, or appended.
  private func setting(_ changes: [(String, String)], in element: Element) -> [Attribute] {
    var attributes = element.attributes
    for (name, value) in changes {
      if let index = attributes.firstIndex(where: { $0.name.lowercased() == name }) {
        attributes[index].value = value
      } else {
        attributes.append(Attribute(name, value))
      }
    }
    return attributes
  }
}
