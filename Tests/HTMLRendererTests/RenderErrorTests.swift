import HTMLRenderer
import Testing
import VirtualDOM

/// A tree that cannot be written as HTML has one error, whichever the style, and leaves the
/// serializer as it was: the compact writer only stops, and the error comes from one check.
@Suite struct RenderErrorTests {
  /// Nodes are not Sendable (they may hold listeners), so the table is built for each test.
  static var badTrees: [(name: String, tree: Node, description: String)] {
    [
    ("invalid tag", div { span {}; element("bad tag") {} }, #"div > bad tag[1]: invalid tag name "bad tag""#),
    ("invalid attribute", div { p(.attribute("a=b", "1")) {} }, #"div > p: invalid attribute name "a=b""#),
    ("void with children", .element(Element("ul", children: [.text("a"), .element(Element("br", children: [.text("x")]))])),
     "ul > br[1]: <br> is a void element and cannot have children"),
    ("raw text closing", body { script { "x</SCRIPT" } }, #"body > script > #text: raw text would close its <script> element early ("</script")"#),
    ("element in text-only", .element(Element("title", children: [.text("a"), .element(Element("b"))])),
     "title > child[1]: <title> can only contain text"),
    ("comment ending early", div { "a"; comment("x-->y") }, #"div > #comment[1]: comment text would end the comment early ("-->")"#),
    ("top-level fragment", .fragment([.text("a"), .element(Element("p", children: [.comment(">")]))]),
     #"p[1] > #comment[0]: comment text cannot start with ">" or "->""#),
    ]
  }

  @Test(arguments: 0..<7)
  func bothStylesThrowTheFirstProblemWithItsPath(index: Int) {
    let (name, tree, description) = Self.badTrees[index]
    for style in [Serializer.Style.compact, .pretty] {
      #expect("\(style) \(name)", performing: { try renderHTML(tree, style: style) }, throws: { error in
        (error as? RenderError)?.description == description
      })
    }
  }

  @Test(arguments: 0..<7)
  func aRejectedTreeWritesNothing(index: Int) throws {
    let tree = Self.badTrees[index].tree
    for style in [Serializer.Style.compact, .pretty] {
      var serializer = Serializer(style: style)
      try serializer.write(p { "kept" })
      let before = serializer.bytes
      #expect(throws: RenderError.self) { try serializer.write(tree) }
      #expect(throws: RenderError.self) { try serializer.write([p { "x" }, tree]) }
      #expect(throws: RenderError.self) { try serializer.writeDocument(html { body { tree } }) }
      #expect(serializer.bytes == before, "\(style)")
    }
  }

  @Test func theFirstProblemInDocumentOrderIsReported() {
    let tree = div { p(.attribute("a b", "1")) { comment("-->") }; element("x y") {} }
    #expect(throws: RenderError(#"invalid attribute name "a b""#, path: ["div", "p"])) { try renderHTML(tree) }
  }
}
