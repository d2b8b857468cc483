import VirtualDOM

/// An event from the browser, as runtime.js posts it:
/// `{"session": "S", "id": 7, "event": "keydown", "value": "…", "key": "Enter",
/// "checked": true, "modifiers": ["shift"]}`.
struct LiveEvent: Equatable {
  var session: String
  var id: NodeID
  var event: String
  var payload: EventPayload

  /// Why a request body is not an event.
  struct Malformed: Error, Equatable { var reason: String }

  static let maximumIDDigits = 15

  static func parse(_ body: [UInt8]) throws(Malformed) -> LiveEvent {
    let value: JSONValue
    do { value = try JSONParser.parse(body) } catch { throw Malformed(reason: "invalid JSON: \(error)") }
    guard case .object(let members) = value else { throw Malformed(reason: "expected a JSON object") }
    var session: String?
    var id: NodeID?
    var event: String?
    var payload = EventPayload()
    for (name, member) in members {
      switch (name, member) {
      case ("session", .string(let text)): session = text
      case ("id", .number(let digits)):
        guard digits.count <= maximumIDDigits, let number = Int(digits), number >= 0 else {
          throw Malformed(reason: "\"id\" must be a whole number of at most \(maximumIDDigits) digits")
        }
        id = number
      case ("event", .string(let text)): event = text
      case ("value", .string(let text)): payload.value = text
      case ("key", .string(let text)): payload.key = text
      case ("checked", .bool(let isChecked)): payload.checked = isChecked
      case ("modifiers", .array(let names)): payload.modifiers = try modifiers(names)
      case ("session", _), ("id", _), ("event", _), ("value", _), ("key", _), ("checked", _), ("modifiers", _):
        throw Malformed(reason: "\"\(name)\" has the wrong type (\(member.kindName))")
      default:
        throw Malformed(reason: "unknown field \"\(name)\"")
      }
    }
    guard let session else { throw Malformed(reason: "missing \"session\"") }
    guard let id else { throw Malformed(reason: "missing \"id\"") }
    guard let event, !event.isEmpty, event.utf8.count <= 64 else {
      throw Malformed(reason: "missing or invalid \"event\"")
    }
    return LiveEvent(session: session, id: id, event: event, payload: payload)
  }

  /// `["shift","ctrl","alt","meta"]` (any of them) as modifiers.
  static func modifiers(_ names: [JSONValue]) throws(Malformed) -> EventModifiers {
    var modifiers: EventModifiers = []
    for name in names {
      switch name {
      case .string("shift"): modifiers.insert(.shift)
      case .string("ctrl"): modifiers.insert(.control)
      case .string("alt"): modifiers.insert(.alt)
      case .string("meta"): modifiers.insert(.meta)
      default: throw Malformed(reason: "\"modifiers\" holds \(name.kindName), not one of shift, ctrl, alt, meta")
      }
    }
    return modifiers
  }
}
