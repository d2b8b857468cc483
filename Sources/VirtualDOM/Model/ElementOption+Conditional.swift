// Options present only when a condition holds, so a view says what depends on the state
// without building strings (`classes.isEmpty ? .none : .class(classes.joined(" "))`).

extension ElementOption {
  /// The `class` attribute `name` when `condition` holds, nothing otherwise.
  ///
  /// ```swift
  /// li(.class("completed", when: todo.isDone)) { todo.title }
  /// ```
  ///
  /// An element has one `class` attribute: for several conditional classes use
  /// ``classes(_:)``.
  public static func `class`(_ name: String, when condition: Bool) -> ElementOption {
    condition ? .attribute(Attribute("class", name)) : .none
  }

  /// One `class` attribute of the names whose condition holds, in order; nothing when none
  /// does.
  ///
  /// ```swift
  /// li(.classes(("completed", todo.isDone), ("editing", model.editing == todo.id))) { todo.title }
  /// ```
  public static func classes(_ names: (String, Bool)...) -> ElementOption {
    var value = ""
    for (name, condition) in names where condition {
      if !value.isEmpty { value += " " }
      value += name
    }
    return value.isEmpty ? .none : .attribute(Attribute("class", value))
  }

  /// The attribute `name="value"` when `condition` holds, nothing otherwise.
  ///
  /// ```swift
  /// a(.href("#/active"), .attribute("aria-current", "page", when: model.filter == .active)) { "Active" }
  /// ```
  public static func attribute(_ name: String, _ value: String, when condition: Bool) -> ElementOption {
    condition ? .attribute(Attribute(name, value)) : .none
  }
}
