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
}
