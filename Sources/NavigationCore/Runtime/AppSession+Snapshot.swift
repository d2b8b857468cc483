import HTMLRenderer
import VirtualDOM

extension AppSession {
  /// The session's page as it stands: the container's HTML, the ids when they are no longer
  /// 1, 2, 3… in document order, the hydration patches and the URL: what a live server's page
  /// rebuilds from after a mismatch or a failed patch. A WebAssembly module answers with
  /// ``pageTree()`` instead, the same page as nodes.
  ///
  /// ```swift
  /// let page = try session.page()
  /// page.ids == nil   // true for a fresh session
  /// ```
  public func page() throws(RenderError) -> SessionPage {
    let html = try runtime.renderHTML()
    let ids = runtime.mountedTree.idsAreHydrationOrder ? nil : runtime.mountedTree.ids
    return SessionPage(html: html, ids: ids, patches: hydrationPatches, url: pageURL)
  }

  /// The page to rebuild the container from after a hydration mismatch or a patch the page
  /// could not apply (docs/RUNTIME.md, "Pages that survive foreign changes"). Changes not yet
  /// sent to the page are taken first: the snapshot holds them.
  ///
  /// ```swift
  /// let snapshot = try session.snapshot()   // then the page is rebuilt from snapshot.html
  /// ```
  public func snapshot() throws(RenderError) -> SessionPage {
    _ = takePendingChanges()  // the page gets these changes in the snapshot, not as patches
    return try page()
  }

  /// The session's page as nodes with their ids (``PageTree``), for a client that builds the
  /// page itself: what a WebAssembly module answers, with no HTML serializer linked in.
  ///
  /// ```swift
  /// let tree = session.pageTree()   // tree.nodes, tree.ids, tree.patches, tree.url
  /// ```
  public func pageTree() -> PageTree {
    PageTree(nodes: runtime.mountedTree.roots, ids: runtime.mountedTree.ids, patches: hydrationPatches, url: pageURL)
  }

  /// ``snapshot()`` as nodes: the changes not yet sent are taken first, since the tree holds them.
  ///
  /// ```swift
  /// let tree = session.treeSnapshot()   // the page is rebuilt from tree.nodes
  /// ```
  public func treeSnapshot() -> PageTree {
    _ = takePendingChanges()
    return pageTree()
  }
}
