import NavigationCore
import VirtualDOM

extension SessionPage {
  /// The page as runtime.js reads it for a hydration check or a rebuild (docs/RUNTIME.md):
  /// `{"html":"…","ids":[…],"patches":[…],"url":"/items/1"}`, `"ids"` only when it has them.
  ///
  /// ```swift
  /// let json = try session.page().json   // {"html":"<div>…","patches":[…],"url":"/"}
  /// ```
  public var json: String { json(sequence: nil) }

  /// The same with `"seq"` first: a live session numbers its snapshots with its replies.
  ///
  /// ```swift
  /// let json = try session.snapshot().json(sequence: 12)   // {"seq":12,"html":…}
  /// ```
  public func json(sequence: Int?) -> String {
    var writer = JSONWriter(capacity: html.utf8.count + 8 * (ids?.count ?? 0) + 64 * patches.count + 64)
    writer.openMessage(sequence: sequence)
    writer.raw("\"html\":")
    writer.string(html)
    if let ids {
      writer.key("ids")
      writer.raw("[")
      for (index, id) in ids.enumerated() {
        if index > 0 { writer.raw(",") }
        writer.number(id)
      }
      writer.raw("]")
    }
    writer.closePage(patches: patches, url: url)
    return writer.string
  }
}
