import Testing
import VirtualDOM

/// The DSL's helpers keep their closures as given (`EventHandler.Body`); what each is called
/// with must not change with that.
@Suite struct EventHandlerTests {
  /// The handler of the first listener of the element `node` is.
  private func handler(_ node: Node) -> EventHandler {
    node.element!.listeners[0].handler
  }

  @Test func eachHelpersClosureGetsThePartOfThePayloadItTakes() {
    var clicks = 0
    var values: [String] = []
    var toggles: [Bool] = []
    handler(button(.onClick { clicks += 1 })).handle(EventPayload())
    handler(form(.onSubmit { clicks += 1 })).handle(EventPayload())
    handler(label(.onDoubleClick { clicks += 1 })).handle(EventPayload())
    handler(input(.onInput { values.append($0) })).handle(EventPayload(value: "typed"))
    handler(input(.onInput { values.append($0) })).handle(EventPayload())
    handler(select(.onChange { values.append($0) })).handle(EventPayload(value: "b"))
    handler(input(.onInput(debounce: .milliseconds(5)) { values.append($0) })).handle(EventPayload(value: "later"))
    handler(input(.onToggle { toggles.append($0) })).handle(EventPayload(checked: true))
    handler(input(.onToggle { toggles.append($0) })).handle(EventPayload(value: "true"))
    handler(input(.onToggle { toggles.append($0) })).handle(EventPayload(value: "false"))
    #expect(clicks == 3)
    #expect(values == ["typed", "", "b", "later"])
    #expect(toggles == [true, true, false])
  }

  @Test func actionRunsWhatHandleRuns() {
    var values: [String] = []
    let onInput = handler(input(.onInput { values.append($0) }))
    onInput.action(EventPayload(value: "through action"))
    onInput.handle(EventPayload(value: "through handle"))
    let payloads = EventHandler { values.append($0.key ?? "none") }
    payloads.action(EventPayload(key: "Enter"))
    payloads.handle(EventPayload())
    #expect(values == ["through action", "through handle", "Enter", "none"])
  }
}
