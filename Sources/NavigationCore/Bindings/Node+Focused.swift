import VirtualDOM

// Focus as state, SwiftUI's `.focused(_:equals:)` shape: the binding moves focus to an element
// already in the page, and the user's own focus and blur write back to it. The element gets
// the `focused` DOM property while the binding holds its value (runtime.js focuses it; the
// first paint writes `autofocus`), and listens to `focus` and `blur` to follow the user.

extension Node {
  /// Focuses this element while `binding` holds `value`; the user focusing it sets `binding`
  /// to `value`, and leaving it sets `binding` to `nil` (if it still holds `value`).
  ///
  /// ```swift
  /// enum Field: Equatable { case newTodo, edit(Int) }
  /// final class TodoModel {
  ///   @Observed var focus: Field? = .newTodo
  /// }
  /// func newTodoField(_ model: TodoModel) -> Node {
  ///   input(.class("new-todo")).focused(model.$focus, equals: .newTodo)
  /// }
  /// ```
  ///
  /// On a node that is not an element it does nothing.
  public func focused<Value: Equatable>(_ binding: UIBinding<Value?>, equals value: Value) -> Node {
    let isFocused = binding.wrappedValue.map { $0 == value } ?? false
    return withFocus(
      isFocused,
      onFocus: { if binding.wrappedValue.map({ $0 != value }) ?? true { binding.wrappedValue = value } },
      onBlur: { if binding.wrappedValue.map({ $0 == value }) ?? false { binding.wrappedValue = nil } })
  }

  /// Focuses this element while `binding` is true; the user focusing it or leaving it sets
  /// `binding` to true or false.
  ///
  /// ```swift
  /// final class SearchModel {
  ///   @Observed var isSearching = false
  /// }
  /// func searchField(_ model: SearchModel) -> Node {
  ///   input(.type("search")).focused(model.$isSearching)
  /// }
  /// ```
  public func focused(_ binding: UIBinding<Bool>) -> Node {
    withFocus(
      binding.wrappedValue,
      onFocus: { if !binding.wrappedValue { binding.wrappedValue = true } },
      onBlur: { if binding.wrappedValue { binding.wrappedValue = false } })
  }

  private func withFocus(_ isFocused: Bool, onFocus: @escaping () -> Void, onBlur: @escaping () -> Void) -> Node {
    guard case .element(let element) = self else { return self }
    var properties = element.properties
    if isFocused { properties.append(Property("focused", .bool(true))) }
    let listeners = element.listeners + [
      EventListener("focus") { _ in onFocus() }, EventListener("blur") { _ in onBlur() },
    ]
    return .element(element.with(properties: properties, listeners: listeners))
  }
}
