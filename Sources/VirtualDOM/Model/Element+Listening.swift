/// What the page listens to on an element, one entry per event name.
extension Element {
  /// The events this element sends, each once, with the options its listeners combine to
  /// (the union of their key filters, the first debounce and throttle): what a `listen`
  /// patch and a wire node's `on` list say.
  ///
  /// ```swift
  /// let field = input(.onKeyDown(.enter) { _ in }, .onKeyDown(.escape) { _ in }).element!
  /// field.listenedEvents.map(\.event)   // ["keydown"], filtering Enter and Escape
  /// ```
  public var listenedEvents: [(event: String, options: EventOptions)] {
    guard hasExtras else { return [] }
    let listeners = self.listeners
    var events: [(event: String, options: EventOptions)] = []
    for (index, listener) in listeners.enumerated() where Self.isFirst(listener.event, index, in: listeners) {
      events.append((listener.event, EventOptions.combined(listeners, event: listener.event)))
    }
    return events
  }

  /// Whether `listeners[index]` is the first listener of `event`.
  static func isFirst(_ event: String, _ index: Int, in listeners: [EventListener]) -> Bool {
    for earlier in 0..<index where DOMString.equal(listeners[earlier].event, event) { return false }
    return true
  }
}

extension Element {
  /// What hydration needs besides the markup for this element, whose node id is `id`: a
  /// `listen` for each event it sends (with its options) and a `setProp` for each DOM property.
  /// One definition for every host that hydrates (the session's patches, the live page's walk).
  package func appendHydrationPatches(id: NodeID, to patches: inout [Patch]) {
    guard hasExtras else { return }
    for (event, options) in listenedEvents { patches.append(.listen(id: id, event: event, options: options)) }
    for property in properties { patches.append(.setProperty(id: id, name: property.name, value: property.value)) }
  }
}
