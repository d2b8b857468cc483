import Testing
import VirtualDOM

@testable import LiveSessions

/// What an event posted by runtime.js carries: value, key, checked state and modifiers.
@Suite struct LiveEventTests {
  @Test func anEventCarriesItsKeyModifiersAndCheckedState() throws {
    let body = #"{"session":"S","id":4,"event":"keydown","key":"Enter","value":"milk","checked":true,"modifiers":["shift","meta"]}"#
    let event = try LiveEvent.parse(Array(body.utf8))
    #expect(event.payload == EventPayload(value: "milk", key: "Enter", checked: true, modifiers: [.shift, .meta]))
  }

  @Test(arguments: [
    #"{"session":"S","id":4,"event":"keydown","modifiers":["hyper"]}"#,
    #"{"session":"S","id":4,"event":"keydown","modifiers":"shift"}"#,
    #"{"session":"S","id":4,"event":"change","checked":"true"}"#,
  ])
  func unknownModifiersAndWrongTypesAreRefused(body: String) {
    #expect(throws: LiveEvent.Malformed.self) { try LiveEvent.parse(Array(body.utf8)) }
  }
}
