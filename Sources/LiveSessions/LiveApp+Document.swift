import VirtualDOM

/// The document around the app: the element that holds it, and the attributes of `<html>` and
/// `<body>`. Every page the server renders uses them, live, client-side (`--wasm`) and static.
extension LiveApp {
  /// The element that holds the app (the container, node 0 of the protocol): its tag and
  /// attributes. The default is `<main id="app">`; an app whose markup is its own (TodoMVC's
  /// `<section class="todoapp">`) names it here instead of nesting a second element.
  ///
  /// ```swift
  /// var app = LiveApp(title: "TodoMVC") { url in startTodos(url: url) }
  /// app.container = LiveApp.Container("section", attributes: [Attribute("class", "todoapp")])
  /// ```
  ///
  /// The runtime's own attributes (`data-navdom-*`) are added to it; an attribute of the app's
  /// with such a name is left out, since the runtime's must win.
  public struct Container: Sendable, Equatable {
    public var tag: String
    public var attributes: [Attribute]

    public init(_ tag: String, attributes: [Attribute] = []) {
      self.tag = tag
      self.attributes = attributes
    }

    /// `<main id="app">`.
    public static let main = Container("main", attributes: [Attribute("id", "app")])

    /// The app's attributes, then the runtime's `options`.
    func options(adding options: [ElementOption]) -> [ElementOption] {
      attributes.filter { !$0.name.hasPrefix("data-navdom-") }.map { .attribute($0) } + options
    }
  }
}
