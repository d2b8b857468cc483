import NavDOMSupport

/// The modifier keys held during a keyboard or mouse event.
///
/// ```swift
/// let saving: KeyPress = .character("s", modifiers: .control)
/// let both: EventModifiers = [.shift, .alt]
/// ```
public struct EventModifiers: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let shift = EventModifiers(rawValue: 1)
  public static let control = EventModifiers(rawValue: 2)
  public static let alt = EventModifiers(rawValue: 4)
  /// ⌘ on a Mac, the Windows key elsewhere (the DOM's `metaKey`).
  public static let meta = EventModifiers(rawValue: 8)

  /// The names the wire uses, in this order: `shift`, `ctrl`, `alt`, `meta`.
  static let wireNames: [(EventModifiers, StaticString)] = [
    (.shift, "shift"), (.control, "ctrl"), (.alt, "alt"), (.meta, "meta"),
  ]
}

/// A key a keyboard listener filters on: the DOM's `event.key` and the modifiers held.
///
/// The page applies the filter before anything is sent, so a field listening for Enter costs
/// no round trip for the other keys (docs/EVENTS.md). A key press matches when its `key` is the
/// same (code point by code point) and exactly these modifiers are held, except that Shift is
/// ignored for a one-character key unless the filter names it (Shift is how "A" or "?" is typed).
///
/// ```swift
/// input(.onKeyDown(.enter, .escape) { payload in model.finish(payload.key ?? "") })
/// input(.onKeyDown(.character("z", modifiers: .control)) { _ in model.undo() })
/// ```
public struct KeyPress: Sendable {
  /// The DOM's `KeyboardEvent.key`: `"Enter"`, `"Escape"`, `"a"`.
  public var key: String
  public var modifiers: EventModifiers

  public init(_ key: String, modifiers: EventModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// A printable key (`"a"`, `"?"`), with modifiers.
  public static func character(_ character: String, modifiers: EventModifiers = []) -> KeyPress {
    KeyPress(character, modifiers: modifiers)
  }

  /// This key with `modifiers` held: `.enter.with(.shift)`.
  public func with(_ modifiers: EventModifiers) -> KeyPress {
    KeyPress(key, modifiers: self.modifiers.union(modifiers))
  }

  public static let enter = KeyPress("Enter")
  public static let escape = KeyPress("Escape")
  public static let tab = KeyPress("Tab")
  public static let space = KeyPress(" ")
  public static let backspace = KeyPress("Backspace")
  public static let delete = KeyPress("Delete")
  public static let arrowUp = KeyPress("ArrowUp")
  public static let arrowDown = KeyPress("ArrowDown")
  public static let arrowLeft = KeyPress("ArrowLeft")
  public static let arrowRight = KeyPress("ArrowRight")
  public static let home = KeyPress("Home")
  public static let end = KeyPress("End")

  /// Whether a key event with `key` and `held` modifiers matches this filter (the rule above;
  /// runtime.js applies the same one).
  public func matches(key pressed: String, modifiers held: EventModifiers) -> Bool {
    guard DOMString.equal(key, pressed) else { return false }
    if modifiers.contains(.shift) || !KeyPress.isSingleCharacter(key) { return held == modifiers }
    return held.subtracting(.shift) == modifiers
  }

  /// Whether `key` is one Unicode scalar (counted on its UTF-8 bytes: no Unicode tables).
  static func isSingleCharacter(_ key: String) -> Bool {
    var scalars = 0
    for byte in key.scannedBytes where byte & 0xC0 != 0x80 { scalars += 1 }
    return scalars == 1
  }
}

extension KeyPress: Equatable {
  /// Code point equality (`DOMString.equal`), not Swift's `String ==`, which would bring
  /// Unicode normalization into a WebAssembly module.
  public static func == (lhs: KeyPress, rhs: KeyPress) -> Bool {
    lhs.modifiers == rhs.modifiers && DOMString.equal(lhs.key, rhs.key)
  }
}
