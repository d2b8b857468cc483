import Testing
import VirtualDOM

@Suite struct TreeFormatTests {
  @Test func parsesElementsTextCommentsAndFragments() throws {
    let nodes = try TreeFormat.parse(
      #"[{"tag":"p","key":"k","attrs":[["class","x"]],"children":[{"text":"Hi"}]},{"comment":"c"}]"#)
    #expect(nodes == [p(.key("k"), .class("x")) { "Hi" }, .comment("c")])
  }

  @Test func parsesNamespacesAndProperties() throws {
    let nodes = try TreeFormat.parse(#"{"tag":"circle","ns":"svg","props":[["checked",true]]}"#)
    #expect(nodes == [.element(Element("circle", namespace: .svg, properties: [Property("checked", .bool(true))]))])
  }

  @Test func encodingThenParsingGivesTheSameTree() throws {
    let tree = div(.class("a")) { "x"; comment("c"); svg { svgElement("foreignObject") {} } }
    #expect(try TreeFormat.parse(TreeFormat.encode([tree])) == [tree])
  }

  @Test func invalidJSONSaysLineAndColumn() {
    #expect {
      try TreeFormat.parse("{\"tag\": \"p\",\n  \"children\": [}")
    } throws: { error in
      (error as? TreeFormat.Error)?.location == "line 2, column 16"
    }
  }

  @Test func invalidTagNameSaysWhere() {
    #expect {
      try TreeFormat.parse(#"{"tag":"div","children":[{"tag":"my tag"}]}"#)
    } throws: { error in
      let error = error as? TreeFormat.Error
      return error?.location == "$.children[0].tag" && error?.message == #"invalid tag name "my tag""#
    }
  }

  @Test func invalidAttributeNameSaysWhere() {
    #expect {
      try TreeFormat.parse(#"{"tag":"p","attrs":[["ok","1"],["on\"x","2"]]}"#)
    } throws: { error in
      (error as? TreeFormat.Error)?.location == "$.attrs[1][0]"
    }
  }

  @Test func unknownNodeShapeIsRejected() {
    #expect(throws: TreeFormat.Error.self) { try TreeFormat.parse(#"{"tog":"p"}"#) }
    #expect(throws: TreeFormat.Error.self) { try TreeFormat.parse(#"{"text":"a","tag":"p"}"#) }
    #expect(throws: TreeFormat.Error.self) { try TreeFormat.parse(#""just a string""#) }
    #expect(throws: TreeFormat.Error.self) { try TreeFormat.parse(#"{"tag":"p","children":{}}"#) }
  }

  @Test func jsonEscapesAndSurrogatesDecode() throws {
    let nodes = try TreeFormat.parse(#"{"text":"a\"b\\c\n\u00e9\ud83d\ude42"}"#)
    #expect(nodes == [.text("a\"b\\c\n\u{E9}🙂")])
  }

  @Test func malformedJSONIsRejected() {
    for text in ["", "{", "[1,]", "{\"a\" 1}", "\"\\ud800\"", "tru", "01", "\"\u{01}\"", "[] []"] {
      #expect(throws: JSONSyntaxError.self, "\(text)") { try JSONParser.parse(text) }
    }
  }

  @Test func deepNestingIsRefusedNotCrashed() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
  }
}
