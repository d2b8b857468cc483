/// A delay for an event option, in whole milliseconds: a type of its own because the
/// standard library's `Duration` is not available in Embedded Swift.
///
/// ```swift
/// input(.onInput(debounce: .milliseconds(250)) { model.search($0) })
/// ```
public struct EventDelay: Equatable, Sendable {
  public var milliseconds: Int

  public init(milliseconds: Int) { self.milliseconds = max(0, milliseconds) }

  public static func milliseconds(_ count: Int) -> EventDelay { EventDelay(milliseconds: count) }
  public static func seconds(_ count: Int) -> EventDelay { EventDelay(milliseconds: count * 1000) }
}

/// What the page does with an event before it sends it to the app: which keys pass, and how
/// often it may be sent. The options travel in the `listen` patch (docs/PROTOCOL.md) and
/// runtime.js applies them, live and from WebAssembly alike (docs/EVENTS.md).
///
/// - `keys`: only key presses matching one of them are sent (empty: every key).
/// - `debounce`: the event is sent once it has not fired again for this long (its latest
///   payload); any other event of the page sends it at once first, so the app never sees a
///   click before the typing that preceded it.
/// - `throttle`: sent at once, then at most once per interval, the last one of an interval
///   sent at its end.
///
/// ```swift
/// let options = EventOptions(keys: [.enter], debounce: .milliseconds(300))
/// input(.on("keyup", options: options) { payload in model.search(payload.value ?? "") })
/// ```
public struct EventOptions: Sendable {
  public var keys: [KeyPress]
  public var debounce: EventDelay?
  public var throttle: EventDelay?

  public init(keys: [KeyPress] = [], debounce: EventDelay? = nil, throttle: EventDelay? = nil) {
    self.keys = keys
    self.debounce = debounce
    self.throttle = throttle
  }

  /// No filter, no timing: every event is sent as it happens.
  public var isEmpty: Bool { keys.isEmpty && debounce == nil && throttle == nil }

  /// Whether an event with this payload passes the key filter (any event does without one).
  public func accepts(_ payload: EventPayload) -> Bool {
    if keys.isEmpty { return true }
    guard let key = payload.key else { return false }
    for filter in keys where filter.matches(key: key, modifiers: payload.modifiers) { return true }
    return false
  }

  /// The options of several listeners of one event on one element, as the page applies them:
  /// the union of their keys (no filter if one has none), the first debounce and throttle.
  static func combined(_ listeners: [EventListener], event: String) -> EventOptions {
    var result = EventOptions()
    var filtersAll = true
    var first = true
    for listener in listeners where DOMString.equal(listener.event, event) {
      let options = listener.options
      if options.keys.isEmpty { filtersAll = false }
      if filtersAll { result.keys += options.keys }
      if result.debounce == nil { result.debounce = options.debounce }
      if result.throttle == nil { result.throttle = options.throttle }
      first = false
    }
    if !filtersAll || first { result.keys = [] }
    return result
  }
}

extension EventOptions: Equatable {
  public static func == (lhs: EventOptions, rhs: EventOptions) -> Bool {
    lhs.keys == rhs.keys && lhs.debounce == rhs.debounce && lhs.throttle == rhs.throttle
  }
}
