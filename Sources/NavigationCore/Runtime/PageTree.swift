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
  public var nodes: [Node]
  /// The id of every node of `nodes`, in document order.
  public var ids: [NodeID]
  /// The hydration patches (``AppSession/hydrationPatches``).
  public var patches: [Patch]
  /// The URL the page shows.
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
