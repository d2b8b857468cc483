#if canImport(Glibc)
import Glibc
#endif
import Testing
import VirtualDOM

/// An element is one block (header, then attributes); these pin what its accessors read back,
/// and that the DSL's option overloads (0-3 one by one, 4+ as a list) build the same element as
/// `Element.init`.
@Suite struct ElementStorageTests {
  @Test func noChildrenReadsAsAnEmptyList() {
    let element = div().element!
    #expect(element.childCount == 0)
    #expect(element.children.isEmpty)
    #expect(element.withChildren { $0.count } == 0)
    #expect(element.subtreeSize == 1)
  }

  @Test func aSingleChildIsStoredBareAndReadAsAListOfOne() {
    let element = p { "Hi" }.element!
    #expect(element.childCount == 1)
    #expect(element.child(at: 0) == .text("Hi"))
    #expect(element.children == [.text("Hi")])
    #expect(element.withChildren { Array($0) } == [.text("Hi")])
    #expect(element.subtreeSize == 2)
  }

  @Test func severalChildrenComeBackInOrderWithFragmentsSpread() {
    let element = ul {
      li { "A" }
      fragment { li { "B" }; li { "C" } }
      if false { li { "never" } }
    }.element!
    #expect(element.childCount == 3)
    #expect(element.children == [li { "A" }, li { "B" }, li { "C" }])
    var tags: [String] = []
    element.forEachChild { tags.append($0.element!.tag) }
    #expect(tags == ["li", "li", "li"])
    #expect(element.subtreeSize == 7)
  }

  @Test func attributesReadBackInOrderWithoutAnArray() {
    let element = a(.class("x"), .href("/y"), .id("z")) { "link" }.element!
    #expect(element.attributeCount == 3)
    #expect(element.attribute(at: 1) == Attribute("href", "/y"))
    #expect(element.withAttributes { $0.map(\.name) } == ["class", "href", "id"])
    #expect(element.attribute("id") == "z")
    #expect(element.attribute("title") == nil)
  }

  @Test func keysPropertiesAndListenersAreNotAttributes() {
    let element = input(.key("k"), .type("text"), .value("v"), .onInput { _ in }).element!
    #expect(element.key == "k")
    #expect(element.attributes == [Attribute("type", "text")])
    #expect(element.properties == [Property("value", .string("v"))])
    #expect(element.listeners.map(\.event) == ["input"])
    #expect(element.hasExtras)
  }

  @Test func oneToFiveOptionsBuildWhatTheInitializerBuilds() {
    let classes = (1...5).map { ElementOption.attribute("data-\($0)", "\($0)") }
    let built: [Node] = [
      span(classes[0]),
      span(classes[0], classes[1]),
      span(classes[0], classes[1], classes[2]),
      span(classes[0], classes[1], classes[2], classes[3]),
      span(classes[0], classes[1], classes[2], classes[3], classes[4]),
    ]
    for (index, node) in built.enumerated() {
      let attributes = (1...(index + 1)).map { Attribute("data-\($0)", "\($0)") }
      #expect(node == .element(Element("span", attributes: attributes)))
    }
  }

  @Test func catalogueTagsCarryTheirPackedName() {
    let nodes: [Node] = [a(), td(), span(), textarea(), blockquote(), svg(), br()]
    for node in nodes {
      let element = node.element!
      #expect(element.packedTag == Names.packedTag(element.tag), "\(element.tag)")
    }
    #expect(Names.packedTag("td") == 0x6474)
    #expect(Names.packedTag("textarea") != 0)
    #expect(Names.packedTag("blockquote") == 0)  // longer than eight bytes
    #expect(Names.packedTag("1td") == 0)  // not a valid tag
    #expect(Element("x-y").packedTag == Names.packedTag("x-y"))
  }

  @Test func copiesAreIdenticalAndRebuildsAreEqual() {
    let first = tr(.key("1")) { td { "A" } }.element!
    let copy = first
    let rebuilt = tr(.key("1")) { td { "A" } }.element!
    #expect(copy.isIdentical(to: first))
    #expect(!rebuilt.isIdentical(to: first))
    #expect(rebuilt == first)
    #expect(first.with(attributes: [Attribute("class", "x")]) != first)
  }

  /// Every optional part of the block at once (key, attributes, children, a tag too long to
  /// pack, extras) reads back from its own place.
  @Test func everyPartReadsBackWhenAllArePresent() {
    let element = Element(
      "x-long-custom-element", key: "row-7", attributes: [Attribute("class", "wide"), Attribute("id", "x")],
      properties: [Property("value", .string("v"))], listeners: [EventListener("click") { _ in }],
      mountMethods: [.focus], children: [.text("a"), .comment("b")])
    #expect(element.tag == "x-long-custom-element")
    #expect(element.packedTag == 0)
    #expect(element.key == "row-7")
    #expect(element.attributes == [Attribute("class", "wide"), Attribute("id", "x")])
    #expect(element.children == [.text("a"), .comment("b")])
    #expect(element.hasExtras)
    #expect(element.properties == [Property("value", .string("v"))])
    #expect(element.listeners.map(\.event) == ["click"])
    #expect(element.mountMethods == [.focus])
    let plain = Element("td", attributes: [Attribute("class", "c")])
    #expect(!plain.hasExtras && plain.properties.isEmpty && plain.listeners.isEmpty && plain.mountMethods.isEmpty)
  }

  /// Freeing an element skips the strings that hold no reference (literals, short strings)
  /// and must still release the others: once the elements are gone, a heap string they held
  /// is uniquely owned again, so appending to it writes in place. An element with a listener
  /// has a block of its own, freed with it; the others share their thread's block, freed once
  /// the thread has moved on to another and none of its elements is left.
  @Test(arguments: [true, false])
  func heapStringsInAnElementAreReleasedWithItsBlock(listening: Bool) {
    var value = String(repeating: "long value, on the heap ", count: 4)
    value.reserveCapacity(value.utf8.count + 64)
    let before = value.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    do {
      let elements = (0..<10).map { index in
        Element(
          "td", key: value, attributes: [Attribute("class", "plain"), Attribute("title", value)],
          listeners: listening ? [EventListener("click") { _ in }] : [])
      }
      #expect(elements.allSatisfy { $0.attribute("title") == value && $0.key == value })
    }
    if !listening {
      // More than a shared block holds (three words each), so the thread starts another.
      var built = 0
      for _ in 0..<3 * 2048 { built += td().subtreeSize }
      #expect(built == 3 * 2048)
    }
    value.append("!")
    let after = value.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(before != nil && before == after, "the string's buffer was still shared: a release was skipped")
  }

  /// The block a thread was filling is released when the thread ends (NavDOMThreadSlot's
  /// destructor), and with it the strings its elements held.
  @Test func aThreadsBlockIsReleasedWhenTheThreadEnds() {
    var value = String(repeating: "long value, on the heap ", count: 4)
    value.reserveCapacity(value.utf8.count + 64)
    let before = value.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    let readBack = Self.onANewThread { [value] in
      // Freed at once; its block stays the thread's until the thread ends.
      td(.class(value)).element!.attribute("class") == value
    }
    #expect(readBack == true, "the element built on the thread did not read back")
    value.append("!")
    let after = value.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(before != nil && before == after, "the string's buffer was still shared: the thread's block was kept")
  }

  /// Runs `body` on a thread of its own, which starts with no element block, and returns what
  /// it found once the thread has ended; nil (recorded as an issue) when no thread could start.
  static func onANewThread(_ body: @escaping () -> Bool) -> Bool? {
    // Written by the thread, read after the join (which orders the two).
    final class Context {
      let body: () -> Bool
      var result: Bool?
      init(_ body: @escaping () -> Bool) { self.body = body }
    }
    let context = Unmanaged.passRetained(Context(body))
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { pointer in
        let context = Unmanaged<Context>.fromOpaque(pointer!).takeUnretainedValue()
        context.result = context.body()
        return nil
      }, context.toOpaque())
    guard created == 0 else {
      context.release()
      Issue.record("pthread_create failed: \(created)")
      return nil
    }
    pthread_join(thread, nil)
    return context.takeRetainedValue().result
  }

  /// A child in its parent's block holds no reference to the block: were it to, the block
  /// could never be freed. Elements kept across the end of their thread's block read back whole.
  @Test func elementsOutliveTheirThreadMovingToAnotherBlock() {
    let kept = (0..<3_000).map { index in tr(.key("\(index)")) { td { "\(index)" }; td(.class("c")) } }
    for (index, row) in kept.enumerated() {
      #expect(row.element!.key == "\(index)")
      #expect(row.element!.child(at: 0) == td { "\(index)" })
      #expect(row.subtreeSize == 4)
    }
  }

  /// A parent whose child lies in another block (a list too large to share, an element
  /// with a listener) is moved to a block of its own once its children are in (a shared block
  /// refers to no other): it reads back as built.
  @Test func parentsOfChildrenInOtherBlocksReadBack() {
    let big = ul { for index in 0..<300 { li { "\(index)" } } }  // too large to share
    let table = div(.class("outer")) { big; p { "after" } }
    #expect(table.element!.childCount == 2)
    #expect(table.element!.child(at: 0) == big)
    #expect(table.subtreeSize == 1 + 601 + 2)
    let listening = section { div { button(.onClick {}) { "Go" } } }
    #expect(listening.element!.child(at: 0).element!.child(at: 0).element!.listeners.map(\.event) == ["click"])
  }
}
