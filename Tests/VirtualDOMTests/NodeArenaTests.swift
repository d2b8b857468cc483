import Testing
import VirtualDOM

/// An element is a record in a `NodeArena`; these pin what its accessors read back, that the
/// DSL's option overloads (0-3 one by one, 4+ as a list) build the same element as
/// `Element.init`, and when an arena's memory is reused.
@Suite struct NodeArenaTests {
  @Test func noChildrenReadsAsAnEmptyList() {
    let element = div().element!
    #expect(element.childCount == 0)
    #expect(element.children.isEmpty)
    #expect(element.subtreeSize == 1)
  }

  @Test func aSingleChildReadsAsAListOfOne() {
    let element = p { "Hi" }.element!
    #expect(element.childCount == 1)
    #expect(element.child(at: 0) == .text("Hi"))
    #expect(element.children == [.text("Hi")])
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

  @Test func attributesReadBackInOrder() {
    let element = a(.class("x"), .href("/y"), .id("z")) { "link" }.element!
    #expect(element.attributeCount == 3)
    #expect(element.attribute(at: 1) == Attribute("href", "/y"))
    #expect((0..<element.attributeCount).map { element.attribute(at: $0).name } == ["class", "href", "id"])
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

  /// Every optional part of the record at once (key, attributes, children, a tag too long to
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

  /// A thread's own arena is emptied once nothing refers to it: the strings its elements held
  /// are released then, so a heap string is uniquely owned again and appending to it writes in
  /// place.
  @Test func heapStringsAreReleasedWhenTheArenaIsReused() {
    var value = String(repeating: "long value, on the heap ", count: 4)
    value.reserveCapacity(value.utf8.count + 64)
    let before = value.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    do {
      let elements = (0..<10).map { index in
        Element("td", key: value, attributes: [Attribute("class", "plain"), Attribute("title", value)])
      }
      #expect(elements.allSatisfy { $0.attribute("title") == value && $0.key == value })
    }
    _ = td { "the next build reuses the arena" }
    value.append("!")
    let after = value.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(before != nil && before == after, "the string's buffer was still shared: the arena kept it")
  }

  @Test func anArenaNothingRefersToIsReusedFromTheStart() {
    var arenas = ArenaPair()
    var counts: [Int] = []
    for _ in 0..<4 {
      let arena = arenas.build { () -> NodeArena in
        _ = ul { for index in 0..<10 { li(.key("\(index)")) { "\(index)" } } }
        return NodeArena.currentForTesting
      }
      counts.append(arena.elementCount)
    }
    // Each build finds its arena empty: 11 elements, not 11 more each time.
    #expect(counts == [11, 11, 11, 11])
  }

  @Test func aNodeKeptFromAnEarlierBuildStaysValid() {
    var arenas = ArenaPair()
    let kept = arenas.build { ul { li(.key("a")) { "A" }; li(.key("b")) { "B" } } }
    for round in 0..<4 {
      _ = arenas.build { ul { li(.key("c\(round)")) { "C" } } }
    }
    #expect(kept == ul { li(.key("a")) { "A" }; li(.key("b")) { "B" } })
    #expect(kept.element!.child(at: 1).element!.key == "b")
  }

  @Test func nodesOfAnotherArenaAreCopiedIntoTheTreeThatTakesThem() {
    let other = NodeArena()
    let item = other.building { li(.key("x"), .class("item")) { span { "X" }; "tail" } }
    let list = ul { item; li { "Y" } }
    let copied = list.element!.child(at: 0)
    #expect(copied == item)
    #expect(!copied.element!.isIdentical(to: item.element!))
    #expect(list.subtreeSize == 1 + item.subtreeSize + 2)
    #expect(other.elementCount == 2)
  }

  @Test func fragmentsNestedInTheContentAreSpreadInOrder() {
    let inner = fragment { li { "B" }; fragment { li { "C" } } }
    let list = ul { li { "A" }; inner; "D" }
    #expect(list.element!.children == [li { "A" }, li { "B" }, li { "C" }, .text("D")])
  }

  /// The diff reads both trees through pointers into their arenas; a duplicate-key report is the
  /// caller's code, and may build nodes (moving an arena's buffers), so it runs after the walk.
  @Test func aDuplicateKeyReportThatBuildsNodesLeavesTheDiffIntact() {
    let old = ul { li(.key("a")) { "A" }; li(.key("b")) { "B" } }
    let new = ul { li(.key("b")) { "B" }; li(.key("a")) { "A" }; li(.key("a")) { "A again" } }
    var built: [Node] = []
    let options = DiffOptions { key in built += (0..<5_000).map { index in li(.key("\(key)\(index)")) { "\(index)" } } }
    let patches = diff(old, new, options: options)
    #expect(patches == diff(old, new, options: .lenient))
    #expect(built.count == 5_000)
  }

  @Test func childrenWalkedOneByOneMayBuildNodesOnTheWay() {
    let list = ul { for index in 0..<50 { li { "\(index)" } } }
    var copies: [Node] = []
    list.element!.forEachChild { child in copies.append(div { child; span { "copy" } }) }
    #expect(copies.count == 50)
    #expect(copies[49] == div { li { "49" }; span { "copy" } })
  }

  /// While a node of the thread's own arena is kept, the arena cannot be emptied; past
  /// `ReusableArena.growthLimit` records new elements go to a fresh one, so it does not grow for ever.
  @Test func aThreadsArenaThatCannotBeEmptiedIsReplacedPastItsLimit() {
    let kept = p { "kept" }
    let first = NodeArena.currentForTesting
    var replaced = false
    for _ in 0..<(ReusableArena.growthLimit / 4 + 2) {
      _ = ul { li { "1" }; li { "2" }; li { "3" } }
      if NodeArena.currentForTesting !== first {
        replaced = true
        break
      }
    }
    #expect(replaced)
    #expect(first.elementCount >= ReusableArena.growthLimit)
    #expect(kept == p { "kept" })
  }

  /// Reusing an arena releases the listeners it held; a capture's `deinit` is the app's code and
  /// may build elements, into the arena being emptied: it finds it empty and consistent.
  @Test func aDeinitThatBuildsWhileTheArenaIsEmptiedFindsItConsistent() {
    final class Collected { var nodes: [Node] = [] }
    final class BuildsOnDeinit {
      let collected: Collected
      init(_ collected: Collected) { self.collected = collected }
      deinit { collected.nodes.append(div { for index in 0..<100 { span { "\(index)" } } }) }
    }
    let collected = Collected()
    do {
      let builder = BuildsOnDeinit(collected)
      _ = button(.onClick { _ = builder }) { "Save" }
    }
    #expect(collected.nodes.isEmpty)  // the listener lives in the arena until it is reused
    let next = p { "the next build" }
    #expect(collected.nodes.count == 1)
    #expect(collected.nodes.first == div { for index in 0..<100 { span { "\(index)" } } })
    #expect(next == p { "the next build" })
  }
}
