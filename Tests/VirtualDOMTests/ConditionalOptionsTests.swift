import HTMLRenderer
import Testing
import VirtualDOM

/// Classes and attributes present only when a condition holds.
@Suite struct ConditionalOptionsTests {
  @Test func aConditionalClassIsThereOnlyWhenItsConditionHolds() throws {
    #expect(try renderHTML(li(.class("completed", when: true)) { "A" }) == #"<li class="completed">A</li>"#)
    #expect(try renderHTML(li(.class("completed", when: false)) { "A" }) == "<li>A</li>")
  }

  @Test func severalConditionalClassesAreOneAttribute() throws {
    let both = li(.classes(("completed", true), ("hidden", false), ("editing", true))) { "A" }
    #expect(try renderHTML(both) == #"<li class="completed editing">A</li>"#)
    #expect(try renderHTML(li(.classes(("completed", false))) { "A" }) == "<li>A</li>")
  }

  @Test func aConditionTurningFalseRemovesTheAttribute() {
    let patches = diff(a(.attribute("aria-current", "page", when: true)) {}, a(.attribute("aria-current", "page", when: false)) {})
    #expect(patches == [.removeAttribute(id: 1, name: "aria-current")])
  }
}

/// Trimming on UTF-8 bytes, as the DOM trims.
@Suite struct DOMStringTrimmingTests {
  @Test func trimmingRemovesASCIIWhiteSpaceAtBothEndsOnly() {
    #expect(DOMString.trimmed("  buy\tmilk \n\r\u{0C}") == "buy\tmilk")
    #expect(DOMString.trimmed("caf\u{E9}") == "caf\u{E9}")
    #expect(DOMString.trimmed("\u{A0}x\u{A0}") == "\u{A0}x\u{A0}", "no-break space is not ASCII white space")
    #expect(DOMString.trimmed("   ") == "")
    #expect(DOMString.isBlank(" \t\n") && DOMString.isBlank(""))
    #expect(!DOMString.isBlank(" a "))
  }
}
