/// What a browser event carries back to Swift (docs/EVENTS.md has the table): the value of the
/// form control it comes from, a checkbox's or radio's checked state, the key and the modifiers
/// held for keyboard events. Empty for a plain click on a button.
///
/// ```swift
/// input(.onKeyDown(.enter) { payload in model.add(payload.value ?? "") })
/// ```
public struct EventPayload: Equatable, Sendable {
  /// The control's value (`input`, `select`, `textarea`); `"true"`/`"false"` for a checkbox.
  public var value: String?
  /// The DOM's `KeyboardEvent.key`, for key events.
  public var key: String?
  /// A checkbox's or radio button's state as the user left it, for any event from one.
  public var checked: Bool?
  /// The modifier keys held, for keyboard and mouse events.
  public var modifiers: EventModifiers

  public init(value: String? = nil, key: String? = nil, checked: Bool? = nil, modifiers: EventModifiers = []) {
    self.value = value
    self.key = key
    self.checked = checked
    self.modifiers = modifiers
  }
}

/// The Swift code that runs when an event fires.
///
/// A class so the closure is shared, never copied, as trees are rebuilt.
public final class EventHandler {
  public let action: (EventPayload) -> Void

  public init(_ action: @escaping (EventPayload) -> Void) {
    self.action = action
  }
}

/// An element's listener for one event type.
///
/// In the DOM a listener is addressed by its element's node id and the event name, so a
/// re-render that makes a new closure for the same event changes nothing on the page; the
/// runtime simply calls the newest closure. Equality therefore compares event names only.
public struct EventListener {
  /// The DOM event type: `click`, `input`, `change`, `submit`, `cancel`, `close`.
  public var event: String
  public var handler: EventHandler
  /// What the page applies before sending the event: key filter, debounce, throttle.
  public var options: EventOptions

  public init(_ event: String, options: EventOptions = EventOptions(), handler: EventHandler) {
    self.event = event
    self.options = options
    self.handler = handler
  }

  public init(_ event: String, options: EventOptions = EventOptions(), _ action: @escaping (EventPayload) -> Void) {
    self.init(event, options: options, handler: EventHandler(action))
  }
}

extension EventListener: Equatable {
  /// The event names and options: what the page does. Handlers are not compared.
  public static func == (lhs: EventListener, rhs: EventListener) -> Bool {
    DOMString.equal(lhs.event, rhs.event) && lhs.options == rhs.options
  }
}
