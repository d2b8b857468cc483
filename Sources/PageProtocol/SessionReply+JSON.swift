import NavigationCore
import VirtualDOM

extension SessionReply {
  /// The reply as runtime.js applies it (docs/RUNTIME.md): `{"patches":[…]}`, with `"url"` and
  /// `"history"` when the page must show a new URL and `"title"` when the title changed.
  ///
  /// ```swift
  /// SessionReply(patches: [], navigation: .init(url: "/items", history: .pop)).json
  /// // {"patches":[],"url":"/items","history":"pop"}
  /// ```
  public var json: String { json(sequence: nil) }

  /// The same, numbered: `"seq"` first, as a live session numbers its replies and pushes so
  /// that the page applies them in order (docs/PROTOCOL.md).
  ///
  /// ```swift
  /// SessionReply(patches: []).json(sequence: 7)   // {"seq":7,"patches":[]}
  /// ```
  public func json(sequence: Int?) -> String {
    json(sequence: sequence, writingPatches: WireFormat.write)
  }

  /// The same, with the patch list written by `writePatches`: `WireFormat.writeInsertRuns` in
  /// a WebAssembly module whose app asked for runs of inserts (`WireFormat.write(_:to:)`
  /// writes each insert there).
  ///
  /// ```swift
  /// reply.json(sequence: nil, writingPatches: WireFormat.writeInsertRuns)
  /// ```
  public func json(sequence: Int?, writingPatches writePatches: ([Patch], inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(capacity: 64 * patches.count + 32)
    writer.openMessage(sequence: sequence)
    writer.raw("\"patches\":")
    writePatches(patches, &writer)
    if let navigation {
      writer.key("url")
      writer.string(navigation.url)
      writer.key("history")
      writer.string(navigation.history.rawValue)
    }
    if let title {
      writer.key("title")
      writer.string(title)
    }
    writer.raw("}")
    return writer.string
  }
}
