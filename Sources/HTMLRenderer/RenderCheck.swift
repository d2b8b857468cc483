// Why a tree cannot be written as HTML, and where: the one place a `RenderError` is made.
//
// The writers only stop at a problem: the compact one returns false and the serializer asks
// this walk for the error; the pretty one runs after this walk found none. So a tree has the
// same error in either style, and nothing is written when it has one. The walk visits nodes in
// document order and checks each as the writers would meet it, so the error is the first one.

import VirtualDOM

enum RenderCheck {
  /// The first problem among `nodes` (siblings, fragments spread), with its path; nil if they
  /// can all be written.
  static func firstProblem(in nodes: [Node]) -> RenderError? {
    var index = 0
    for node in nodes {
      if let problem = problem(in: node, index: index) { return problem }
      index += 1
    }
    return nil
  }

  private static func problem(in node: Node, index: Int) -> RenderError? {
    switch node {
    case .text:
      return nil
    case .comment(let value):
      guard let message = commentProblem(value) else { return nil }
      return RenderError(message, path: ["#comment[\(index)]"])
    case .fragment(let nodes):
      return firstProblem(in: nodes)
    case .element(let element):
      guard let problem = problem(in: element) else { return nil }
      return problem.inside(index == 0 ? element.tag : element.tag + "[\(index)]")
    }
  }

  private static func problem(in element: Element) -> RenderError? {
    let tag = element.tag
    guard Names.isValidTag(tag) else { return RenderError("invalid tag name \"\(tag)\"") }
    for attribute in element.attributes where !Names.isValidAttribute(attribute.name) {
      return RenderError("invalid attribute name \"\(attribute.name)\"")
    }
    let traits = element.namespace == .html ? HTMLElements.traits(packed: element.packedTag) : []
    if traits.contains(.void) {
      return element.childCount == 0 ? nil : RenderError("<\(tag)> is a void element and cannot have children")
    }
    guard traits.contains(.textOnly) else { return firstProblem(in: element.children) }
    // `script`, `style`, `textarea`, `title` and friends hold text only; raw text is written
    // as it is, so it must not hold the element's own end tag.
    for index in 0..<element.childCount {
      guard case .text(let value) = element.child(at: index) else {
        return RenderError("<\(tag)> can only contain text", path: ["child[\(index)]"])
      }
      if traits.contains(.rawText) && containsEndTag(value, tag: tag) {
        return RenderError("raw text would close its <\(tag)> element early (\"</\(tag)\")", path: ["#text"])
      }
    }
    return nil
  }

  /// Whether `text` holds `</tag`, in any ASCII case: it would close a raw text element early.
  static func containsEndTag(_ text: String, tag: String) -> Bool {
    contains(Array(("</" + tag).utf8), in: Array(text.utf8), ignoringASCIICase: true)
  }

  /// Why `text` cannot be a comment's data, if it cannot: a parser would end it early or read
  /// it differently.
  static func commentProblem(_ text: String) -> String? {
    // Bytes, not Characters: a parser reads code points, so ">" then a combining mark still
    // starts with ">". (Character-wise `hasPrefix` would also pull the grapheme-breaking tables
    // into the WebAssembly module.)
    let bytes = Array(text.utf8)
    if bytes.first == 0x3E || (bytes.count >= 2 && bytes[0] == 0x2D && bytes[1] == 0x3E) {
      return "comment text cannot start with \">\" or \"->\""
    }
    if contains(Array("-->".utf8), in: bytes) || contains(Array("--!>".utf8), in: bytes) {
      return "comment text would end the comment early (\"-->\")"
    }
    if contains(Array("<!--".utf8), in: bytes) { return "comment text cannot contain \"<!--\"" }
    // Ending with "<!-" implies ending with "-", so one byte covers both.
    if bytes.last == 0x2D { return "comment text cannot end with \"-\" or \"<!-\"" }
    return nil
  }

  /// Whether `needle` occurs in `haystack`; with `ignoringASCIICase`, `needle` must be lowercase.
  private static func contains(_ needle: [UInt8], in haystack: [UInt8], ignoringASCIICase: Bool = false) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) {
      var matches = true
      for offset in 0..<needle.count {
        var byte = haystack[start + offset]
        if ignoringASCIICase && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
        if byte != needle[offset] {
          matches = false
          break
        }
      }
      if matches { return true }
    }
    return false
  }
}
