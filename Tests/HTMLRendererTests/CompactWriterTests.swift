import HTMLRenderer
import Testing
import VirtualDOM

/// The compact writer checks and copies strings of up to 32 bytes a word at a time, and looks
/// tags up through a hash first: these pin its output at every length and byte position, and
/// for every tag with a trait, against the rules written out plainly.
@Suite struct CompactWriterTests {
  /// Escapes as the WHATWG serialization rules say, one character at a time.
  static func escaped(_ text: String, inAttribute: Bool) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\u{A0}": result += "&nbsp;"
      case "\"" where inAttribute: result += "&quot;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  static let specials = ["&", "<", ">", "\"", "'", "\u{A0}", "é", "\u{7F}"]

  @Test(arguments: specials)
  func textAndAttributeValuesAreEscapedAtEveryLengthAndPosition(special: String) throws {
    for length in 1...40 {
      for position in 0..<length {
        let value = String(repeating: "x", count: position) + special + String(repeating: "y", count: length - position - 1)
        let text = Node.element(Element("p", children: [.text(value)]))
        #expect(try renderHTML(text) == "<p>\(Self.escaped(value, inAttribute: false))</p>")
        let attribute = Node.element(Element("p", attributes: [Attribute("title", value)]))
        #expect(try renderHTML(attribute) == "<p title=\"\(Self.escaped(value, inAttribute: true))\"></p>")
      }
    }
  }

  @Test func cleanStringsOfEveryLengthAreWrittenWhole() throws {
    for length in 0...40 {
      let value = String(String("abcdefghijklmnopqrstuvwxyz0123456789ABCDEF".prefix(length)))
      let tree = Node.element(Element("p", attributes: [Attribute("data-v", value)], children: [.text(value), .text(value)]))
      let marker = length == 0 ? "<!---->" : ""
      #expect(try renderHTML(tree) == "<p data-v=\"\(value)\">\(marker)\(value)<!---->\(value)</p>")
    }
  }

  @Test(arguments: [" ", "\t", "\n", "\0", "\"", "'", ">", "/", "=", "\u{7F}"])
  func attributeNamesWithAForbiddenByteAnywhereAreErrors(forbidden: String) {
    for length in 1...40 {
      for position in 0..<length {
        let name = String(repeating: "a", count: position) + forbidden + String(repeating: "b", count: length - position - 1)
        let tree = Node.element(Element("p", attributes: [Attribute("id", "x"), Attribute(name, "v")]))
        #expect(throws: RenderError.self, "\(name.debugDescription)") { try renderHTML(tree) }
      }
    }
  }

  /// Bytes the writer's quick test of names flags, that the exact rule allows.
  @Test(arguments: ["<", "?", "!", "&", "(", "-", ":", "é", "{", "\u{80}"])
  func attributeNamesWithUnusualAllowedBytesAreWritten(allowed: String) throws {
    for length in 1...40 {
      for position in 0..<length {
        let name = String(repeating: "a", count: position) + allowed + String(repeating: "b", count: length - position - 1)
        let tree = Node.element(Element("p", attributes: [Attribute(name, "v")]))
        #expect(try renderHTML(tree) == "<p \(name)=\"v\"></p>")
      }
    }
  }

  @Test func emptyAttributeNameIsAnError() {
    #expect(throws: RenderError.self) { try renderHTML(.element(Element("p", attributes: [Attribute("", "v")]))) }
  }

  static let voidTags = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
    "meta", "param", "source", "track", "wbr",
  ]

  @Test(arguments: voidTags)
  func everyVoidElementHasNoEndTag(tag: String) throws {
    #expect(try renderHTML(.element(Element(tag, attributes: [Attribute("id", "v")]))) == "<\(tag) id=\"v\">")
    #expect(throws: RenderError.self) { try renderHTML(.element(Element(tag, children: [.text("x")]))) }
  }

  @Test(arguments: ["iframe", "noembed", "noframes", "noscript", "script", "style", "xmp"])
  func everyRawTextElementWritesItsTextAsItIs(tag: String) throws {
    #expect(try renderHTML(.element(Element(tag, children: [.text("a<b&c")]))) == "<\(tag)>a<b&c</\(tag)>")
    #expect(throws: RenderError.self) { try renderHTML(.element(Element(tag, children: [.text("x</\(tag)")]))) }
    #expect(throws: RenderError.self) { try renderHTML(.element(Element(tag, children: [.element(Element("b"))]))) }
  }

  @Test(arguments: ["title", "textarea"])
  func escapableTextElementsHoldEscapedTextOnly(tag: String) throws {
    #expect(try renderHTML(.element(Element(tag, children: [.text("a<b")]))) == "<\(tag)>a&lt;b</\(tag)>")
    #expect(throws: RenderError.self) { try renderHTML(.element(Element(tag, children: [.element(Element("b"))]))) }
  }

  @Test(arguments: ["pre", "listing", "textarea"])
  func everyElementThatDropsALeadingNewlineGetsAnExtraOne(tag: String) throws {
    #expect(try renderHTML(.element(Element(tag, children: [.text("\nx")]))) == "<\(tag)>\n\nx</\(tag)>")
  }

  @Test(arguments: ["div", "span", "td", "h1", "a", "custom-element", "blockquote", "figcaption"])
  func otherElementsHaveEndTagsAndEscapedContent(tag: String) throws {
    #expect(try renderHTML(.element(Element(tag, children: [.text("\na<b")]))) == "<\(tag)>\na&lt;b</\(tag)>")
  }
}
