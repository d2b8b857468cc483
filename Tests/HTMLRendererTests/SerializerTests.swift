import HTMLRenderer
import Testing
import VirtualDOM

@Suite struct EscapingTests {
  @Test func textEscapesAmpersandAnglesAndNoBreakSpace() throws {
    #expect(try renderHTML(p { "a & b < c > d\u{A0}e \"f\" 'g'" }) == "<p>a &amp; b &lt; c &gt; d&nbsp;e \"f\" 'g'</p>")
  }

  @Test func attributeValuesAreDoubleQuotedAndEscaped() throws {
    #expect(try renderHTML(div(.title("a&\"<>\u{A0}'")) {}) == #"<div title="a&amp;&quot;&lt;&gt;&nbsp;'"></div>"#)
  }

  @Test func booleanAttributesRenderAsEmptyValue() throws {
    #expect(try renderHTML(button(.disabled()) { "Go" }) == #"<button disabled="">Go</button>"#)
  }

  @Test func attributesKeepTheirOrder() throws {
    #expect(try renderHTML(a(.href("/x"), .class("c"), .id("i")) {}) == #"<a href="/x" class="c" id="i"></a>"#)
  }
}

@Suite struct ElementRuleTests {
  @Test func voidElementsHaveNoEndTag() throws {
    #expect(try renderHTML(div { br(); input(.type("text")); img(.src("a.png")) }) == #"<div><br><input type="text"><img src="a.png"></div>"#)
  }

  @Test func voidElementWithChildrenIsAnError() {
    let tree = Node.element(Element("br", children: [.text("x")]))
    #expect(throws: RenderError.self) { try renderHTML(tree) }
  }

  @Test func scriptAndStyleContentIsRaw() throws {
    #expect(try renderHTML(script { "if (a < b && c) {}" }) == "<script>if (a < b && c) {}</script>")
    #expect(try renderHTML(style { "a > b { color: red }" }) == "<style>a > b { color: red }</style>")
  }

  @Test(arguments: ["</script>", "</SCRIPT", "x</ScRiPt y"])
  func scriptTextThatWouldCloseItIsRejected(text: String) {
    #expect {
      try renderHTML(body { script { text } })
    } throws: { error in
      let error = error as! RenderError
      return error.path == ["body", "script", "#text"] && error.message.contains("</script")
    }
  }

  @Test func styleTextThatWouldCloseItIsRejected() {
    #expect(throws: RenderError.self) { try renderHTML(style { "a{}</style><b>" }) }
  }

  @Test(arguments: ["a-->b", "a--!>b", ">x", "->x", "x<!--y", "ends-"])
  func commentsThatWouldEndEarlyAreRejected(text: String) {
    #expect(throws: RenderError.self) { try renderHTML(div { comment(text) }) }
  }

  @Test func leadingNewlineInPreIsDoubled() throws {
    #expect(try renderHTML(pre { "\nx" }) == "<pre>\n\nx</pre>")
    #expect(try renderHTML(textarea { "\nx" }) == "<textarea>\n\nx</textarea>")
    #expect(try renderHTML(pre { "x\n" }) == "<pre>x\n</pre>")
  }

  @Test func adjacentAndEmptyTextNodesAreMarked() throws {
    #expect(try renderHTML(p { "a"; "b" }) == "<p>a<!---->b</p>")
    #expect(try renderHTML(p { "" }) == "<p><!----></p>")
    #expect(try renderHTML(p { "a"; em { "b" }; "c" }) == "<p>a<em>b</em>c</p>")
  }

  @Test func foreignNamesKeepTheirCase() throws {
    let tree = svg(.viewBox("0 0 10 10")) { svgElement("foreignObject") { div { "x" } } }
    #expect(try renderHTML(tree) == #"<svg viewBox="0 0 10 10"><foreignObject><div>x</div></foreignObject></svg>"#)
  }

  @Test func invalidTagNameIsAnErrorWithItsPath() {
    #expect {
      try renderHTML(div { span {}; element("bad tag") {} })
    } throws: { error in
      (error as! RenderError).description == #"div > bad tag[1]: invalid tag name "bad tag""#
    }
  }

  @Test func invalidAttributeNameIsAnError() {
    #expect(throws: RenderError.self) { try renderHTML(div(.attribute("a=b", "1")) {}) }
    #expect(throws: RenderError.self) { try renderHTML(div(.attribute("", "1")) {}) }
  }

  @Test func propertiesRenderTheirMarkupEquivalents() throws {
    #expect(try renderHTML(input(.value("x"), .checked(true))) == #"<input value="x" checked="">"#)
    #expect(try renderHTML(input(.checked(false))) == "<input>")
  }

  @Test func documentsStartWithTheDoctype() throws {
    #expect(try renderDocument(html { body {} }) == "<!DOCTYPE html><html><body></body></html>")
  }
}

@Suite struct PrettyStyleTests {
  @Test func blockElementsGoOnIndentedLines() throws {
    let tree = div { ul { li { "One" }; li { "Two" } }; p { "Text "; em { "inline" }; " run" } }
    #expect(
      try renderHTML(tree, style: .pretty) == """
        <div>
          <ul>
            <li>One</li>
            <li>Two</li>
          </ul>
          <p>Text <em>inline</em> run</p>
        </div>

        """)
  }

  @Test func preformattedAndInlineContentIsLeftAlone() throws {
    let tree = div { pre { div { "a" }; div { "b" } }; section { span { div { "c" } } } }
    #expect(
      try renderHTML(tree, style: .pretty) == """
        <div>
          <pre><div>a</div><div>b</div></pre>
          <section><span><div>c</div></span></section>
        </div>

        """)
  }

  @Test func blocksMixedWithInlineRunsEachGetALine() throws {
    let page = section {
      div { button { "Back" } }
      h1 { "Keyboard" }
      "Color: "; span { "Blue" }
      button { "Edit" }
    }
    #expect(
      try renderHTML(page, style: .pretty) == """
        <section>
          <div><button>Back</button></div>
          <h1>Keyboard</h1>
          Color: <span>Blue</span><button>Edit</button>
        </section>

        """)
  }

  @Test func prettyDocumentPutsTheDoctypeOnItsOwnLine() throws {
    let page = html { head { title { "T" } }; body { main { h1 { "Hi" } } } }
    #expect(
      try renderDocument(page, style: .pretty) == """
        <!DOCTYPE html>
        <html>
          <head>
            <title>T</title>
          </head>
          <body>
            <main>
              <h1>Hi</h1>
            </main>
          </body>
        </html>

        """)
  }
}
