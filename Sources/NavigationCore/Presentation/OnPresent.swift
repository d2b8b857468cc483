import VirtualDOM

/// Starts work when the enclosing presentation (dialog, page, or the root view) first appears,
/// and cancels it when that presentation is dismissed.
///
/// Place it anywhere in the presented content; it renders nothing. `start` runs once, after the
/// render that first showed the presentation (later renders do not restart it); the token it
/// returns is cancelled when the presentation goes away, however that happens (the user, code,
/// a switch to another destination, a dismissed parent, a popped page). Needs a
/// ``NavigationRuntime``; plain rendering ignores it.
///
/// ```swift
/// content.sheet(item: model.$editingItem) { item in
///   h2 { "Editing" }
///   onPresent { observe { autosave(item.wrappedValue) } }
/// }
/// ```
///
/// - Parameter start: Starts the work and returns its token.
/// - Returns: An empty fragment.
public func onPresent(_ start: @escaping () -> ObserveToken) -> Node {
  RenderContext.current?.registerTask {
    let token = start()
    return { token.cancel() }
  }
  return .fragment([])
}

/// Runs `start` when the enclosing presentation first appears and `cancel` when it is dismissed.
///
/// ```swift
/// onPresent(perform: { timer.start() }, cancel: { timer.stop() })
/// ```
///
/// - Parameters:
///   - start: Starts the work.
///   - cancel: Stops it; called once, on dismissal.
/// - Returns: An empty fragment.
public func onPresent(perform start: @escaping () -> Void, cancel: @escaping () -> Void) -> Node {
  RenderContext.current?.registerTask {
    start()
    return cancel
  }
  return .fragment([])
}
