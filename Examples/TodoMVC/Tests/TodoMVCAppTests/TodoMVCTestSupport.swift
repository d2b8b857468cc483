import NavigationCore
import NavigationTesting
import TodoMVCApp
import VirtualDOM

/// A fresh list at `url`, driven as a person would.
func makeDriver(url: String = "/") -> (PageDriver, TodoModel) {
  let model = TodoModel(storage: .inMemory())
  let started = model.routes.navigate(to: url)
  precondition((try? started.get()) != nil, "the tests start at a URL the app has: \(url)")
  return (PageDriver(model: model) { todoView($0) }, model)
}

extension PageDriver {
  /// The id of the one element whose `name` attribute is `value` (or whose class list holds
  /// `value`, for `name == "class"`).
  func id(where name: String, is value: String) throws(PageDriverError) -> NodeID {
    var found: [NodeID] = []
    runtime.mountedTree.forEachNode { id, node in
      guard case .element(let element) = node, let attribute = element.attribute(name) else { return }
      let matches = name == "class" ? attribute.split(separator: " ").contains { $0 == value } : attribute == value
      if matches { found.append(id) }
    }
    guard found.count == 1 else {
      throw PageDriverError("\(found.count) elements have \(name)=\"\(value)\"")
    }
    return found[0]
  }

  /// Presses `key` in the field with class `field` holding `text`, as the page sends it: the
  /// key and the field's value.
  func press(_ key: String, in field: String, holding text: String) throws(PageDriverError) {
    try send(id: id(where: "class", is: field), event: "keydown", payload: EventPayload(value: text, key: key))
  }

  /// Types `title` into the new todo's field and presses Enter (one event: the page sends only
  /// the Enter, with the field's value).
  func addTodo(_ title: String) throws(PageDriverError) {
    try press("Enter", in: "new-todo", holding: title)
  }

  /// Clicks a todo's checkbox, which the browser then reports as `checked`.
  func toggle(_ title: String, to checked: Bool) throws(PageDriverError) {
    try send(
      id: id(where: "aria-label", is: "Done: \(title)"), event: "change",
      payload: EventPayload(value: checked ? "true" : "false", checked: checked))
  }

  /// Double-clicks a todo's title.
  func startEditing(_ title: String) throws(PageDriverError) {
    try send(id: id(ofTag: "label", text: title), event: "dblclick")
  }

  /// The titles the list shows, top to bottom (rows the filter hides left out).
  var titles: [String] {
    var titles: [String] = []
    runtime.mountedTree.forEachNode { _, node in
      guard case .element(let row) = node, row.tag == "li", row.attribute("hidden") == nil,
        case .element(let view)? = row.children.first, view.attribute("class") == "view"
      else { return }
      for case .element(let label) in view.children where label.tag == "label" {
        if case .text(let title)? = label.children.first { titles.append(title) }
      }
    }
    return titles
  }
}
