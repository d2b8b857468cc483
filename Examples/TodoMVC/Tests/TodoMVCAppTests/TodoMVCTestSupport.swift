import NavigationCore
import TodoMVCApp
import VirtualDOM

/// A fresh list at `url`, driven as a person would.
func makeDriver(url: String = "/") -> (NavigationTestDriver, TodoModel) {
  let model = TodoModel()
  let started = model.routes.navigate(to: url)
  precondition((try? started.get()) != nil, "the tests start at a URL the app has: \(url)")
  return (NavigationTestDriver(model: model) { todoView($0) }, model)
}

extension NavigationTestDriver {
  /// The id of the one element whose `name` attribute is `value` (or whose class list holds
  /// `value`, for `name == "class"`).
  func id(where name: String, is value: String) throws(NavigationTestDriverError) -> NodeID {
    var found: [NodeID] = []
    runtime.mountedTree.forEachNode { id, node in
      guard case .element(let element) = node, let attribute = element.attribute(name) else { return }
      let matches = name == "class" ? attribute.split(separator: " ").contains { $0 == value } : attribute == value
      if matches { found.append(id) }
    }
    guard found.count == 1 else {
      throw NavigationTestDriverError("\(found.count) elements have \(name)=\"\(value)\"")
    }
    return found[0]
  }

  /// Types `title` into the new todo's field and presses Enter.
  func addTodo(_ title: String) throws(NavigationTestDriverError) {
    try type(title, into: "New todo")
    try send(id: id(where: "class", is: "new-todo"), event: "keydown", payload: EventPayload(key: "Enter"))
  }

  /// Clicks a todo's checkbox, which the browser then reports as `checked`.
  func toggle(_ title: String, to checked: Bool) throws(NavigationTestDriverError) {
    try send(id: id(where: "aria-label", is: "Done: \(title)"), event: "change", payload: EventPayload(value: checked ? "true" : "false"))
  }

  /// Double-clicks a todo's title.
  func startEditing(_ title: String) throws(NavigationTestDriverError) {
    try send(id: id(ofTag: "label", text: title), event: "dblclick")
  }

  /// The titles the list shows, top to bottom.
  var titles: [String] {
    var titles: [String] = []
    runtime.mountedTree.forEachNode { _, node in
      guard case .element(let element) = node, element.tag == "label", element.attribute("for") == nil,
        case .text(let title)? = element.children.first
      else { return }
      titles.append(title)
    }
    return titles
  }
}
