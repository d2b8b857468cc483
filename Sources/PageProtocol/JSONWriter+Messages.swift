import VirtualDOM

extension JSONWriter {
  /// Opens a message's object, with `"seq":N,` first when it is numbered (docs/PROTOCOL.md).
  mutating func openMessage(sequence: Int?) {
    raw("{")
    guard let sequence else { return }
    raw("\"seq\":")
    number(sequence)
    raw(",")
  }

  /// Ends a page's message (a `SessionPage`'s or a `PageTree`'s) with what both carry after
  /// the content: `,"patches":[…],"url":"…"}`.
  mutating func closePage(patches: [Patch], url: String) {
    key("patches")
    WireFormat.write(patches, to: &self)
    key("url")
    string(url)
    raw("}")
  }
}
