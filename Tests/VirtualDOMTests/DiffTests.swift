import Testing
import VirtualDOM
import VirtualDOMTesting

@Suite struct DiffTests {
  @Test func changedTextIsOneTextPatch() {
    #expect(diff(p { "Hi" }, p { "Hello" }) == [.text(id: 2, text: "Hello")])
  }

  @Test func aDifferentTagReplacesTheElement() {
    let patches = diff(p { "Hi" }, h1 { "Hi" })
    #expect(patches == [.replace(id: 1, node: h1 { "Hi" }, firstID: 3)])
  }

  @Test func aDifferentKeyReplacesEvenWithTheSameTag() {
    let patches = diff([li(.key("a")) { "A" }, p {}], [li(.key("b")) { "A" }, p {}])
    #expect(patches.map(\.operation) == ["replace"])
  }

  @Test func aDifferentNamespaceReplaces() {
    let patches = diff(element("a") {}, element("a", namespace: .svg) {})
    #expect(patches.map(\.operation) == ["replace"])
  }

  @Test func unkeyedChildrenAreMatchedByIndex() {
    let patches = diff(ul { li { "A" }; li { "B" } }, ul { li { "B" }; li { "A" }; li { "C" } })
    #expect(patches.map(\.operation) == ["text", "text", "insert"])
  }

  @Test func aConditionalThatAppearsBeforeItsSiblingsIsOneInsert() {
    func view(showing note: Bool) -> Node {
      div {
        h1 { "Form" }
        if note { span { "Saved" } }
        button { "Save" }
        input(.value("x"))
      }
    }
    // The button and the input keep their nodes (focus, typed text); only the span comes.
    let shown = diff(view(showing: false), view(showing: true))
    #expect(shown.map(\.operation) == ["insert"])
    #expect(shown.first.map { if case .insert(parent: 1, before: 4, _, _) = $0 { true } else { false } } == true)
    let hidden = diff(view(showing: true), view(showing: false))
    #expect(hidden == [.remove(id: 4)])
  }

  @Test func removingEveryChildIsOneClear() {
    #expect(diff(ul { li { "A" }; li { "B" } }, ul {}) == [.clear(parent: 1)])
  }

  @Test func attributesArePatchedByName() {
    let patches = diff(div(.class("a"), .id("x")) {}, div(.class("b"), .title("t")) {})
    #expect(
      patches == [
        .setAttribute(id: 1, name: "class", value: "b"),
        .setAttribute(id: 1, name: "title", value: "t"),
        .removeAttribute(id: 1, name: "id"),
      ])
  }

  @Test func propertiesArePatchedAsProperties() {
    let patches = diff(input(.value("a")), input(.value("b"), .checked(true)))
    #expect(
      patches == [
        .setProperty(id: 1, name: "value", value: .string("b")),
        .setProperty(id: 1, name: "checked", value: .bool(true)),
      ])
  }

  @Test func newClosuresForTheSameEventChangeNothing() {
    var calls = 0
    let patches = diff(button(.onClick { calls += 1 }) { "Go" }, button(.onClick { calls += 2 }) { "Go" })
    #expect(patches.isEmpty)
    #expect(calls == 0)
  }

  @Test func listenersAreAddedAndRemovedByEvent() {
    let patches = diff(button(.onClick {}) {}, button(.onInput { _ in }) {})
    #expect(patches == [.listen(id: 1, event: "input"), .unlisten(id: 1, event: "click")])
  }

  @Test func insertedDialogIsOpenedByItsMountMethod() {
    let patches = diff(main {}, main { dialog(.onMount(.showModal)) { "Hi" } })
    #expect(patches.count == 2)
    #expect(patches.last == .invoke(id: 2, method: .showModal))
  }

  /// A mount method deep inside an inserted subtree is found (the element's subtree flag
  /// carries it up), and in document order; a sibling subtree without one adds nothing.
  @Test func mountMethodsDeepInAnInsertedSubtreeAreInvoked() {
    let patches = diff(
      main {},
      main {
        section { div { p { "no mounts here" } } }
        section { div { dialog(.onMount(.showModal)) { "deep" } }; input(.onMount(.focus)) }
      })
    #expect(patches.filter { if case .invoke = $0 { return true } else { return false } } == [
      .invoke(id: 8, method: .showModal), .invoke(id: 10, method: .focus),
    ])
  }

  @Test func createdNodesNeverReuseIds() {
    var mounted = MountedTree([ul { li { "A" } }])
    _ = mounted.update(to: [ul {}])
    let patches = mounted.update(to: [ul { li { "B" } }])
    #expect(patches == [.insert(parent: 1, before: nil, node: li { "B" }, firstID: 4)])
  }

  @Test func duplicateKeysAreReportedAndGiveADeterministicResult() throws {
    var reported: [String] = []
    let options = DiffOptions { reported.append($0) }
    let old = ul { li(.key("a")) { "1" }; li(.key("b")) { "2" } }
    let new = ul { li(.key("b")) { "2" }; li(.key("a")) { "1" }; li(.key("a")) { "3" } }
    let first = diff(old, new, options: options)
    let second = diff(old, new, options: options)
    #expect(reported.contains("a"))
    #expect(first == second)
    var dom = MemoryDOM(mounting: [old])
    try dom.apply(first)
    #expect(dom.roots == [new])
  }

  @Test func keyedInsertGoesBeforeTheKeptSuffix() {
    let old = ul { li(.key("a")) {}; li(.key("c")) {} }
    let new = ul { li(.key("a")) {}; li(.key("b")) {}; li(.key("c")) {} }
    #expect(diff(old, new) == [.insert(parent: 1, before: 3, node: li(.key("b")) {}, firstID: 4)])
  }

  /// The keyed diff finds out that a list is keyed as it reads it; a list with one unkeyed
  /// child (in the middle, or in what would be the kept suffix) is still diffed by index.
  @Test func aListWithOneUnkeyedChildIsDiffedByIndex() {
    let old = ul { li(.key("a")) { "A" }; li(.key("x")) { "X" }; li(.key("b")) { "B" } }
    let unkeyedMiddle = ul { li(.key("a")) { "A" }; li { "Y" }; li(.key("b")) { "B" } }
    // By index, the second children pair up: their keys differ, so the new one replaces.
    #expect(diff(old, unkeyedMiddle).map(\.operation) == ["replace"])
    let unkeyedLast = ul { li(.key("a")) { "A" }; li(.key("b")) { "B" }; li { "C" } }
    #expect(diff(old, unkeyedLast).map(\.operation) == ["replace", "replace"])
  }

  @Test func fragmentsFlattenIntoTheirParent() {
    let tree = ul { fragment { li { "A" }; li { "B" } } }
    #expect(tree.element?.children.count == 2)
    #expect(tree.subtreeSize == 5)
  }

  @Test func builderHandlesConditionalsAndLoops() {
    let items = ["A", "B"]
    let flag = false
    let tree = ul {
      if flag { li { "never" } } else { li { "else" } }
      for item in items { li(.key(item)) { item } }
      if let missing = Optional<String>.none { li { missing } }
    }
    #expect(tree.element?.children.count == 3)
  }
}

extension DiffTests {
  @Test func canonicallyEquivalentTextIsStillAChange() {
    // "é" precomposed and "e" + combining acute are equal Swift strings but different DOM text.
    let patches = diff(p { "caf\u{E9}" }, p { "cafe\u{301}" })
    #expect(patches == [.text(id: 2, text: "cafe\u{301}")])
    let attributes = diff(p(.title("\u{E9}")) {}, p(.title("e\u{301}")) {})
    #expect(attributes.map(\.operation) == ["setAttr"])
  }

  @Test func canonicallyEquivalentKeysAreDifferentKeys() throws {
    // Keys match by code points, as text does: the row keyed "e" + U+0301 is not the row keyed
    // "é" (under Swift's `==` they would match and the diff would be empty), so one goes and
    // the other comes, as for any two different keys ("a" and "c" give the same patches).
    let old = ul { li(.key("\u{E9}")) { "A" }; li(.key("b")) { "B" } }
    let new = ul { li(.key("e\u{301}")) { "A" }; li(.key("b")) { "B" } }
    let patches = diff(old, new)
    #expect(patches.map(\.operation) == ["remove", "insert"])
    let plainKeys = diff(ul { li(.key("a")) { "A" }; li(.key("b")) { "B" } }, ul { li(.key("c")) { "A" }; li(.key("b")) { "B" } })
    #expect(plainKeys.map(\.operation) == patches.map(\.operation))
    var dom = MemoryDOM(mounting: [old])
    try dom.apply(patches)
    #expect(dom.roots == [new])
    #expect(old != new)
  }
}
