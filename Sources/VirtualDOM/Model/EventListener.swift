/// What a browser event carries back to Swift: the target's value for inputs, the key for
/// keyboard events. Empty for a plain click.
public struct EventPayload: Equatable, Sendable {
  public var value: String?
  public var key: String?

  public init(value: String? = nil, key: String? = nil) {
    self.value = value
    self.key = key
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

  public init(_ event: String, handler: EventHandler) {
    self.event = event
    self.handler = handler
  }

  public init(_ event: String, _ action: @escaping (EventPayload) -> Void) {
    self.init(event, handler: EventHandler(action))
  }
}

extension EventListener: Equatable {
  public static func == (lhs: EventListener, rhs: EventListener) -> Bool {
    DOMString.equal(lhs.event, rhs.event)
  }
}
