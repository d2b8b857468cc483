/// Listeners on the wire: a node's `on` list and a `listen` patch's option fields
/// (docs/PROTOCOL.md).
extension WireFormat {
  /// `"on": ["click", {"event": "keydown", "keys": [{"key": "Enter"}]}]`: one entry per event
  /// name, a plain name when its listeners have no options.
  static func writeListeners(of element: Element, to writer: inout JSONWriter) {
    writer.key("on"); writer.raw("[")
    for (index, (event, options)) in element.listenedEvents.enumerated() {
      if index > 0 { writer.raw(",") }
      if options.isEmpty {
        writer.string(event)
      } else {
        writer.raw("{\"event\":"); writer.string(event)
        writeFields(of: options, to: &writer)
        writer.raw("}")
      }
    }
    writer.raw("]")
  }

  /// `,"keys":[{"key":"s","modifiers":["ctrl"]}],"debounce":250,"throttle":100`, each only
  /// when set.
  static func writeFields(of options: EventOptions, to writer: inout JSONWriter) {
    if !options.keys.isEmpty {
      writer.key("keys"); writer.raw("[")
      for (index, press) in options.keys.enumerated() {
        writer.raw(index == 0 ? "{\"key\":" : ",{\"key\":")
        writer.string(press.key)
        if !press.modifiers.isEmpty { writer.key("modifiers"); write(press.modifiers, to: &writer) }
        writer.raw("}")
      }
      writer.raw("]")
    }
    if let debounce = options.debounce { writer.key("debounce"); writer.number(debounce.milliseconds) }
    if let throttle = options.throttle { writer.key("throttle"); writer.number(throttle.milliseconds) }
  }

  /// `["shift","ctrl"]`: the held modifiers' wire names, in the order shift, ctrl, alt, meta.
  static func write(_ modifiers: EventModifiers, to writer: inout JSONWriter) {
    writer.raw("[")
    var first = true
    for (modifier, name) in EventModifiers.wireNames where modifiers.contains(modifier) {
      if !first { writer.raw(",") }
      first = false
      writer.raw("\""); writer.raw(name); writer.raw("\"")
    }
    writer.raw("]")
  }
}
