/// The `"seq"` of a message for a live page (docs/PROTOCOL.md): each session numbers the
/// replies, pushes and snapshots it makes 1, 2, 3…, so the page applies a push that overtook
/// the reply to its event only after that reply.
///
/// ```swift
/// MessageNumber.stamp(7, on: #"{"patches":[]}"#)  // {"seq":7,"patches":[]}
/// ```
enum MessageNumber {
  /// `object` (a JSON object's text) with `"seq":number` as its first member.
  static func stamp(_ number: Int, on object: String) -> String {
    var utf8 = object.utf8.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    precondition(utf8.first == UInt8(ascii: "{"), "navdom: a live message must be a JSON object")
    utf8 = utf8.dropFirst()
    let isEmpty = utf8.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) } == UInt8(ascii: "}")
    let head = "{\"seq\":\(number)" + (isEmpty ? "" : ",")
    return head + String(Substring(utf8))
  }
}
