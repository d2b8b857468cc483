import VirtualDOM

/// A button that pushes `value` onto the enclosing ``NavigationStack(path:root:)``.
///
/// ```swift
/// NavigationLink(value: Item(id: 1, name: "Hammer")) { "Hammer" }
/// // <button type="button" class="navigation-link">Hammer</button>
/// ```
///
/// - Parameters:
///   - value: The value appended to the path when pressed.
///   - label: The button's content.
/// - Returns: The `<button>`.
public func NavigationLink<Value: Hashable>(value: Value, @NodeBuilder label: () -> Node) -> Node {
  makeElement(
    "button",
    [.attribute("type", "button"), .attribute("class", "navigation-link"), .onClick(push(value: value))],
    children: label().flattened)
}
