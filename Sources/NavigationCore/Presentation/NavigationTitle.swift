import VirtualDOM

extension Node {
  /// Names the page or presentation this node is in: the browser's title (`document.title`,
  /// and `<title>` on the server's page) is the top-most one's, or the app's own when none has
  /// one. It changes as pages are pushed and popped and dialogs open and close.
  ///
  /// ```swift
  /// content.navigationDestination(for: Route.self) { route in
  ///   h1 { item.name }.navigationTitle(item.name)
  /// }
  /// ```
  ///
  /// The last title met in a render wins: pages render bottom first and presentations after
  /// what presents them, so that is the top-most one.
  ///
  /// - Parameter title: The title.
  /// - Returns: This node, unchanged.
  public func navigationTitle(_ title: String) -> Node {
    RenderContext.current?.title = title
    return self
  }
}
