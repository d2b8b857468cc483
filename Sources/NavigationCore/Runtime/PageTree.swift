import VirtualDOM

/// A session's page as nodes rather than HTML: the container's content with the ids its nodes
/// are mounted under, the hydration patches and the URL. A WebAssembly module answers with it
/// (`app_start`, `app_snapshot`), so the module carries no HTML serializer: the browser
/// runtime builds these nodes as it builds an inserted subtree. ``SessionPage`` is the same
/// page as HTML, for a server's first paint.
///
/// ```swift
/// let tree = session.pageTree()
/// tree.ids.first   // 1: the first node of a fresh page
/// tree.url         // "/items/1"
/// ```
public struct PageTree: Equatable {
  /// The container's children as mounted (no fragments).
  ///
  /// ```swift
  /// session.pageTree().nodes.count   // 1: the inventory's root <div>
  /// ```
  public var nodes: [Node]
  /// The id of every node of `nodes`, in document order.
  ///
  /// ```swift
  /// session.pageTree().ids.prefix(3)   // [1, 2, 3] on a fresh page
  /// ```
  public var ids: [NodeID]
  /// The hydration patches (``AppSession/hydrationPatches``).
  ///
  /// ```swift
  /// session.pageTree().patches.first   // .listen(id: 5, event: "click", options: …)
  /// ```
  public var patches: [Patch]
  /// The URL the page shows.
  ///
  /// ```swift
  /// session.pageTree().url   // "/items/1"
  /// ```
  public var url: String

  /// A page's tree, its ids, hydration patches and URL.
  ///
  /// ```swift
  /// let tree = PageTree(nodes: [p { "Hi" }], ids: [1, 2], patches: [], url: "/")
  /// ```
  public init(nodes: [Node], ids: [NodeID], patches: [Patch], url: String) {
    self.nodes = nodes
    self.ids = ids
    self.patches = patches
    self.url = url
  }
}
