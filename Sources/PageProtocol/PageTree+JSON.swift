import NavigationCore
import VirtualDOM

extension PageTree {
  /// The page as runtime.js reads it to rebuild its container (docs/RUNTIME.md):
  /// `{"nodes":[…],"patches":[…],"url":"/items/1"}`, each node as in an `insert` patch, with
  /// the id it is mounted under.
  ///
  /// ```swift
  /// let json = session.pageTree().json   // {"nodes":[{"id":1,"tag":"div",…}],"patches":[…],"url":"/"}
  /// ```
  public var json: String {
    var writer = JSONWriter(capacity: 64 * ids.count + 64 * patches.count + 64)
    writer.raw("{\"nodes\":")
    WireFormat.write(nodes, ids: ids, to: &writer)
    writer.closePage(patches: patches, url: url)
    return writer.string
  }
}
