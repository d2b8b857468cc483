import VirtualDOM

/// A session's page as a whole: the container's HTML and what hydration needs besides it. The
/// page checks its first paint against it, and rebuilds its container from it after a patch it
/// could not apply (docs/RUNTIME.md, "Pages that survive foreign changes").
///
/// ```swift
/// let page = try session.page()
/// page.html      // "<div class=\"inventory\">…"
/// page.url       // "/items/1"
/// ```
public struct SessionPage: Equatable {
  /// The container's content, compact.
  public var html: String
  /// The node ids in document order, or `nil` when they are 1, 2, 3… (a fresh render).
  public var ids: [NodeID]?
  /// The hydration patches (``AppSession/hydrationPatches``).
  public var patches: [Patch]
  /// The URL the page shows.
  public var url: String

  public init(html: String, ids: [NodeID]?, patches: [Patch], url: String) {
    self.html = html
    self.ids = ids
    self.patches = patches
    self.url = url
  }
}
