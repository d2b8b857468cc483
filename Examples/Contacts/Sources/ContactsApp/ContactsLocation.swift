/// Where a URL puts the app: the list, the "Add contact" sheet, a contact's page, or its edit
/// page. The URL form is the app's own (`/`, `/add`, `/contacts/2`, `/contacts/2/edit`).
///
/// ```swift
/// ContactsLocation(url: "/contacts/2/edit")   // .edit(contactID: 2)
/// ContactsLocation.edit(contactID: 2).url     // "/contacts/2/edit"
/// ```
public enum ContactsLocation: Hashable, Sendable {
  case list
  case add
  case contact(contactID: Int)
  case edit(contactID: Int)

  /// The URL of this location.
  public var url: String {
    switch self {
    case .list: return "/"
    case .add: return "/add"
    case .contact(let id): return "/contacts/\(id)"
    case .edit(let id): return "/contacts/\(id)/edit"
    }
  }

  /// The location `url` names (its path; the query and fragment are ignored), or `nil` for a URL
  /// the app does not have.
  public init?(url: String) {
    // Bytes, not Characters: URLs are ASCII, and grapheme breaking would bring Unicode tables
    // into an Embedded Swift build.
    let bytes = Array(url.utf8)
    var segments: [ArraySlice<UInt8>] = []
    var start = 0
    var end = 0
    while end < bytes.count && bytes[end] != UInt8(ascii: "?") && bytes[end] != UInt8(ascii: "#") {
      if bytes[end] == UInt8(ascii: "/") {
        if end > start { segments.append(bytes[start..<end]) }
        start = end + 1
      }
      end += 1
    }
    if end > start { segments.append(bytes[start..<end]) }

    switch segments.count {
    case 0:
      self = .list
    case 1 where segments[0].elementsEqual("add".utf8):
      self = .add
    case 2, 3:
      guard segments[0].elementsEqual("contacts".utf8), let id = Self.positiveInteger(segments[1]) else { return nil }
      if segments.count == 2 {
        self = .contact(contactID: id)
      } else {
        guard segments[2].elementsEqual("edit".utf8) else { return nil }
        self = .edit(contactID: id)
      }
    default:
      return nil
    }
  }

  /// The positive decimal integer `digits` spells, or `nil` (signs, zero, overflow, other bytes).
  private static func positiveInteger(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (sum, carried) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflowed, !carried else { return nil }
      value = sum
    }
    return value > 0 ? value : nil
  }
}
