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
  /// The closure as the DSL's helper was given it: `onClick`'s takes nothing, `onInput`'s the
  /// field's value. Kept so, rather than wrapped in a closure of the payload, a listener costs
  /// one allocation less (the wrapper's context) for every element built with one.
  @usableFromInline
  enum Body {
    case payload((EventPayload) -> Void)
    case plain(() -> Void)
    /// Called with the payload's value, or "" without one.
    case value((String) -> Void)
    /// Called with a checkbox's checked state (the payload's, or its value `"true"`).
    case checked((Bool) -> Void)
  }

  let body: Body

  /// The closure the handler runs, as one of the payload.
  public var action: (EventPayload) -> Void { handle }

  public init(_ action: @escaping (EventPayload) -> Void) {
    body = .payload(action)
  }

  @usableFromInline
  init(body: Body) {
    self.body = body
  }

  /// Runs the handler for an event with `payload`.
  ///
  /// ```swift
  /// EventHandler { payload in print(payload.value ?? "") }.handle(EventPayload(value: "Hi"))
  /// ```
  #if hasFeature(Embedded)
  @inline(never)  // one call in the module's dispatch; inlined, each copy cost ~300 bytes
  #endif
  public func handle(_ payload: EventPayload) {
    switch body {
    case .payload(let action): action(payload)
    case .plain(let action): action()
    case .value(let action): action(payload.value ?? "")
    case .checked(let action): action(payload.checked ?? DOMString.equal(payload.value ?? "", "true"))
    }
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

  /// A listener whose handler takes what the DSL's helper was given (`EventHandler.Body`).
  @usableFromInline
  init(_ event: String, options: EventOptions = EventOptions(), body: EventHandler.Body) {
    self.init(event, options: options, handler: EventHandler(body: body))
  }
}

extension EventListener: Equatable {
  /// The event names and options: what the page does. Handlers are not compared.
  public static func == (lhs: EventListener, rhs: EventListener) -> Bool {
    DOMString.equal(lhs.event, rhs.event) && lhs.options == rhs.options
  }

  /// `a == b` for two elements' listeners, read in place: the arrays' `==` copied each
  /// listener out to compare it (a retain and a release of its event, handler and keys),
  /// about 380 instructions for a list of one, for every listening element the diff and the
  /// runs of inserts compare.
  #if hasFeature(Embedded)
  @inline(never)  // one copy in the module, not one per caller
  #endif
  static func same(_ a: [EventListener], _ b: [EventListener]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        for index in a.indices {
          guard DOMString.same(a[index].event, b[index].event), a[index].options == b[index].options else { return false }
        }
        return true
      }
    }
  }
}
