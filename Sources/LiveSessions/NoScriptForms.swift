import NavigationCore
import VirtualDOM

/// The markup that lets a live page work without script (docs/NO-SCRIPT.md): forms and buttons
/// the app listens to post to the session, which runs their handlers and redirects.
///
/// A live page's tree is walked with its node ids (``PageWalk``, the same walk that makes the
/// hydration check), and in the copy that is rendered:
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
/// let forms = NoScriptForms(session: "3f9c")
/// var walk = PageWalk(ids: runtime.mountedTree.ids, forms: forms, hydrates: true)
/// let roots = walk.run(runtime.nodes)   // rendered instead of runtime.nodes
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
  /// Every listening field met, in document order.
  private(set) var fields: [Field] = []
  /// Whether any control was given to the page's own form (the page then carries it).
  private(set) var usesPageForm = false

  init(session: String) {
    self.session = session
  }

  /// Only `fields` of a runtime's current tree (its ids as mounted), for a submission: the
  /// page's walk, building nothing.
  func collectFields(of runtime: NavigationRuntime) {
    var walk = PageWalk(ids: runtime.mountedTree.ids, forms: self, hydrates: false, building: false)
    _ = walk.run(runtime.nodes)
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

  /// What the page's walk gives an element that listens (`element.hasExtras`), with node id
  /// `id` inside the app's form `submitForm`: the attributes it is rendered with (nil: as it
  /// is), and the form its descendants' fields belong to.
  func annotation(of element: Element, id: NodeID, form submitForm: NodeID?) -> (attributes: [Attribute]?, form: NodeID?) {
    // Every tag these rules name packs (eight bytes or fewer); compared packed, not spelled out.
    let tag = Self.lowercased(element.packedTag)
    let events = element.listeners.map { $0.event }
    if tag == Self.formTag, events.contains("submit"), element.attribute("method")?.lowercased() != "dialog" {
      let attributes = setting(
        [("method", "post"), ("action", Self.endpoint + "?session=" + session + "&form=" + String(id))], in: element)
      return (attributes, id)
    }
    if events.contains("click"), isButton(element, tag: tag) {
      if submitForm != nil, submitsItsForm(element, tag: tag) {
        return (setting([("name", Self.clickField), ("value", String(id))], in: element), submitForm)
      }
      usesPageForm = true
      let attributes = setting(
        [("type", "submit"), ("form", Self.pageForm), ("name", Self.clickField), ("value", String(id))], in: element)
      return (attributes, submitForm)
    }
    guard Self.fieldTags.contains(tag), events.contains("input") || events.contains("change") else {
      return (nil, submitForm)
    }
    let type = element.attribute("type")?.lowercased() ?? ""
    let name = element.attribute("name") ?? "navdom-\(id)"
    let owner: Owner = submitForm.map { .form($0) } ?? .page
    var changes = [("name", name)]
    if owner == .page {
      usesPageForm = true
      changes.append(("form", Self.pageForm))
    }
    fields.append(
      Field(
        id: id, name: name, events: events, isCheckbox: type == "checkbox" || type == "radio",
        value: element.attribute("value") ?? "on", owner: owner))
    return (setting(changes, in: element), submitForm)
  }

  private static let formTag = Names.packedTag("form")
  private static let buttonTag = Names.packedTag("button")
  private static let inputTag = Names.packedTag("input")
  private static let fieldTags = [inputTag, Names.packedTag("select"), Names.packedTag("textarea")]

  /// A packed tag with its ASCII capitals made small (0 stays 0: a tag too long to pack).
  static func lowercased(_ packed: UInt64) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    var rest = packed
    while rest != 0 {
      var byte = rest & 0xFF
      if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
      result |= byte << shift
      shift += 8
      rest >>= 8
    }
    return result
  }

  private func isButton(_ element: Element, tag: UInt64) -> Bool {
    if tag == Self.buttonTag { return true }
    guard tag == Self.inputTag else { return false }
    let type = element.attribute("type")?.lowercased() ?? ""
    return type == "submit" || type == "button" || type == "image"
  }

  /// Whether clicking the button submits the form it sits in (its type is submit).
  private func submitsItsForm(_ element: Element, tag: UInt64) -> Bool {
    let type = element.attribute("type")?.lowercased() ?? (tag == Self.buttonTag ? "submit" : "")
    return type == "submit" || type == "image"
  }

  /// Whether `name` is `lowercase` in any ASCII case, without making a lowercased copy (this
  /// runs for every attribute of every element the page's walk annotates).
  static func isName(_ name: String, lowercased lowercase: String) -> Bool {
    let (bytes, expected) = (name.utf8, lowercase.utf8)
    guard bytes.count == expected.count else { return false }
    return zip(bytes, expected).allSatisfy { byte, wanted in (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == wanted }
  }

  /// The element's attributes with each of `changes` set: replaced in place, or appended.
  private func setting(_ changes: [(String, String)], in element: Element) -> [Attribute] {
    var attributes = element.attributes
    attributes.reserveCapacity(attributes.count + changes.count)
    for (name, value) in changes {
      if let index = attributes.firstIndex(where: { Self.isName($0.name, lowercased: name) }) {
        attributes[index].value = value
      } else {
        attributes.append(Attribute(name, value))
      }
    }
    return attributes
  }
}
