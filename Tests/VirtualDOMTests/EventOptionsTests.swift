import Testing
import VirtualDOM

/// Event options: the key filter's rule, what the diff sends for them and how they go on the wire.
@Suite struct EventOptionsTests {
  @Test func aKeyPressMatchesItsKeyWithExactlyItsModifiers() {
    #expect(KeyPress.enter.matches(key: "Enter", modifiers: []))
    #expect(!KeyPress.enter.matches(key: "Enter", modifiers: .shift))
    #expect(KeyPress.enter.with(.shift).matches(key: "Enter", modifiers: .shift))
    #expect(!KeyPress.enter.matches(key: "Escape", modifiers: []))
    let save = KeyPress.character("s", modifiers: .control)
    #expect(save.matches(key: "s", modifiers: [.control, .shift]), "Shift is ignored for one character")
    #expect(!save.matches(key: "s", modifiers: []))
    #expect(!save.matches(key: "s", modifiers: [.control, .alt]))
  }

  @Test func aPayloadPassesWhenItsKeyMatchesOneFilterOrThereIsNone() {
    let options = EventOptions(keys: [.enter, .escape])
    #expect(options.accepts(EventPayload(key: "Escape")))
    #expect(!options.accepts(EventPayload(key: "a")))
    #expect(!options.accepts(EventPayload()))
    #expect(EventOptions().accepts(EventPayload()))
  }

  @Test func aFilteredListenerIsListenedToWithItsKeys() {
    let patches = diff(input(), input(.onKeyDown(.enter) { _ in }))
    #expect(patches == [.listen(id: 1, event: "keydown", options: EventOptions(keys: [.enter]))])
    #expect(WireFormat.encode(patches) == #"[{"op":"listen","id":1,"event":"keydown","keys":[{"key":"Enter"}]}]"#)
  }

  @Test func twoListenersOfOneEventAreOneListenWithBothKeys() {
    let field = input(.onKeyDown(.enter) { _ in }, .onKeyDown(.escape) { _ in })
    #expect(diff(input(), field) == [.listen(id: 1, event: "keydown", options: EventOptions(keys: [.enter, .escape]))])
    let unfiltered = input(.onKeyDown(.enter) { _ in }, .on("keydown") { _ in })
    #expect(diff(input(), unfiltered) == [.listen(id: 1, event: "keydown")], "one without a filter wants every key")
  }

  @Test func changedOptionsListenAgainAndUnchangedOnesSendNothing() {
    let slow = input(.onInput(debounce: .milliseconds(250)) { _ in })
    #expect(diff(slow, input(.onInput(debounce: .milliseconds(250)) { _ in })).isEmpty)
    let patches = diff(slow, input(.onInput(throttle: .seconds(1)) { _ in }))
    #expect(patches == [.listen(id: 1, event: "input", options: EventOptions(throttle: .milliseconds(1000)))])
    #expect(WireFormat.encode(patches) == #"[{"op":"listen","id":1,"event":"input","throttle":1000}]"#)
  }

  @Test func aWireNodeListsItsEventsOnceEachWithTheirOptions() {
    let node = input(
      .onKeyDown(.character("s", modifiers: [.control, .meta])) { _ in }, .onBlur { _ in },
      .onInput(debounce: .milliseconds(100)) { _ in })
    var nextID = 1
    var writer = JSONWriter()
    WireFormat.write(node, nextID: &nextID, to: &writer)
    #expect(writer.string == #"{"id":1,"tag":"input","on":[{"event":"keydown","keys":[{"key":"s","modifiers":["ctrl","meta"]}]},"blur",{"event":"input","debounce":100}]}"#)
  }

  @Test func namedHelpersListenToTheirEvents() {
    let nodes = [
      label(.onDoubleClick {}), input(.onFocus { _ in }), input(.onBlur { _ in }), input(.onKeyUp { _ in }),
      input(.onToggle { _ in }), form(.onSubmit {}),
    ]
    #expect(nodes.map { $0.element!.listenedEvents.map(\.event) } == [["dblclick"], ["focus"], ["blur"], ["keyup"], ["change"], ["submit"]])
  }
}
