import VirtualDOM

/// The navigation stack a view is rendered in, found during render (an environment lookup):
/// push values onto it from event handlers.
///
/// Read ``current`` while rendering and capture it in a closure; the closure pushes onto that
/// stack whenever it runs. Pushing with no stack, or a value whose type no
/// `navigationDestination(for:)` of the stack handles, is reported through
/// ``NavigationWarnings`` and changes nothing.
///
/// ```swift
/// func itemRow(_ item: Item) -> Node {
///   let navigator = Navigator.current
///   return li { button(.onClick { navigator.push(value: item) }) { item.name } }
/// }
/// ```
public struct Navigator {
  let stack: StackContext?

  /// The innermost stack around the view being rendered (none outside a render or a stack).
  ///
  /// ```swift
  /// let navigator = Navigator.current
  /// ```
  public static var current: Navigator {
    Navigator(stack: RenderContext.current?.stack)
  }

  /// Whether there is a stack to push onto.
  ///
  /// ```swift
  /// let back = Navigator.current.isInStack ? "Back" : "Home"
  /// ```
  public var isInStack: Bool { stack != nil }

  /// Appends `value` to the stack's path, which pushes its page.
  ///
  /// ```swift
  /// navigator.push(value: Item(id: 7, name: "Saw"))
  /// ```
  ///
  /// - Parameter value: A value of a type the stack has a destination for.
  public func push<Value: Hashable>(value: Value) {
    guard let stack else {
      NavigationWarnings.report(
        "push(value:) with \(TypeName.of(Value.self)) outside a NavigationStack; nothing was pushed")
      return
    }
    let element = PathElements.make(value)
    guard stack.registration(for: element) != nil else {
      NavigationWarnings.report(
        "push(value:) with \(TypeName.of(Value.self)), which no navigationDestination(for:) of the stack handles; nothing was pushed")
      return
    }
    stack.path.wrappedValue.append(element)
  }
}

/// An action that pushes `value` onto the stack the calling view is rendered in.
///
/// The stack is looked up now, at render time (see ``Navigator``); the returned closure pushes
/// when it runs.
///
/// ```swift
/// button(.onClick(push(value: item))) { "Open \(item.name)" }
/// ```
///
/// - Parameter value: The value to push.
/// - Returns: A closure for an event handler.
@available(*, deprecated, message: "NavigationLink(value:) in a view, model.path.append(value) in a model, or Navigator.current.push(value:)")
public func push<Value: Hashable>(value: Value) -> () -> Void {
  let navigator = Navigator.current
  return { navigator.push(value: value) }
}
