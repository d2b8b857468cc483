import VirtualDOM

/// A link that pushes `value` onto the enclosing ``NavigationStack(path:routes:root:)``.
///
/// When the stack has routes that give the pushed path a URL, it is a real link, an
/// `<a href>`: a plain click pushes in the page (runtime.js keeps the browser from loading
/// it), a modified or middle click opens the URL in a new tab, and without script the browser
/// follows it to the page the server renders there. Otherwise it is a button.
///
/// ```swift
/// NavigationLink(value: Route.item(1)) { "Hammer" }
/// // <a href="/items/1" class="navigation-link">Hammer</a>      (a stack with routes)
/// // <button type="button" class="navigation-link">Hammer</button>   (without)
/// ```
///
/// - Parameters:
///   - value: The value appended to the path when pressed.
///   - label: The link's content.
/// - Returns: The `<a>` or the `<button>`.
public func NavigationLink<Value: Hashable>(value: Value, @NodeBuilder label: () -> Node) -> Node {
  let navigator = Navigator.current
  let action = { navigator.push(value: value) }
  return linkMarkup(href: navigator.stack?.url(pushing: UINavigationPath.Element(value)), action: action, label: label().flattened)
}

/// The markup of a link, one copy for every value type.
@inline(never)
func linkMarkup(href: String?, action: @escaping () -> Void, label: [Node]) -> Node {
  if let href {
    return makeElement("a", [.attribute("href", href), .attribute("class", "navigation-link"), .onClick(action)], children: label)
  }
  return makeElement(
    "button", [.attribute("type", "button"), .attribute("class", "navigation-link"), .onClick(action)], children: label)
}
