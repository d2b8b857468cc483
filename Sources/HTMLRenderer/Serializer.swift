import VirtualDOM

/// Writes nodes as HTML following the WHATWG serialization rules, into a byte buffer.
///
/// Compact output is what a server sends: hydratable, and parsed back to exactly the tree
/// given. Pretty output is for snapshots: one block element per line, indented two spaces,
/// and nothing added where white space would change the page (inline runs, `pre`, `textarea`).
///
/// ```swift
/// var serializer = Serializer(style: .pretty)
/// try serializer.write(ul { li { "One" }; li { "Two" } })
/// print(serializer.html)
/// ```
public struct Serializer {
  public enum Style: Sendable {
    /// No added white space; the form a browser hydrates.
    case compact
    /// Block elements on their own lines, indented: the form snapshots are stored in.
    case pretty
  }

  public let style: Style
  private let output: ByteBuffer

  public init(style: Style = .compact, capacity: Int = 1024) {
    self.style = style
    output = ByteBuffer(capacity: capacity)
  }

  /// The HTML written so far, as UTF-8 bytes.
  public var bytes: [UInt8] { output.array }

  /// How many bytes have been written.
  public var byteCount: Int { output.count }

  /// Calls `body` with the bytes written so far, without copying them.
  public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: output.base, count: output.count))
  }

  /// The HTML written so far.
  public var html: String { output.string }

  /// Writes `<!DOCTYPE html>` then `root` (normally the `html` element).
  public mutating func writeDocument(_ root: Node) throws(RenderError) {
    append("<!DOCTYPE html>")
    if style == .pretty { output.append(0x0A) }
    try write(root)
  }

  /// Writes one node (a fragment writes its members).
  public mutating func write(_ node: Node) throws(RenderError) {
    try writeSiblings(node.flattened, depth: 0, pretty: style == .pretty)
    if style == .pretty, output.last != 0x0A { output.append(0x0A) }
  }

  /// Writes top-level nodes in order.
  public mutating func write(_ nodes: [Node]) throws(RenderError) {
    var flat: [Node] = []
    for node in nodes { node.flatten(into: &flat) }
    try writeSiblings(flat, depth: 0, pretty: style == .pretty)
    if style == .pretty, output.last != 0x0A { output.append(0x0A) }
  }

  // MARK: Siblings and layout

  /// Whether `nodes` may each sit on a line of their own: only block HTML elements and comments.
  private static func isBlockRun(_ nodes: [Node]) -> Bool {
    for node in nodes {
      switch node {
      case .element(let element):
        if element.namespace != .html || HTMLElements.traits(of: element.tag).contains(.inline) { return false }
      case .comment: continue
      case .text, .fragment: return false
      }
    }
    return true
  }

  /// Writes siblings. `pretty` says whether white space may be added here at all; inline runs
  /// and preformatted content pass `false` all the way down.
  private mutating func writeSiblings(_ nodes: [Node], depth: Int, pretty: Bool) throws(RenderError) {
    let onLines = pretty && Self.isBlockRun(nodes)
    var previousWasText = false
    var index = 0
    for node in nodes {
      if onLines {
        if output.count > 0 && output.last != 0x0A { output.append(0x0A) }
        indent(depth)
      } else if case .text(let value) = node, previousWasText || value.isEmpty {
        // A parser would merge or drop this text node: mark where it starts (see PROTOCOL.md).
        append("<!---->")
      }
      try writeNode(node, depth: depth, index: index, pretty: onLines)
      if case .text = node { previousWasText = true } else { previousWasText = false }
      index += 1
    }
  }

  private mutating func indent(_ depth: Int) {
    for _ in 0..<depth { output.append(0x20); output.append(0x20) }
  }

  // MARK: Nodes

  private mutating func writeNode(_ node: Node, depth: Int, index: Int, pretty: Bool) throws(RenderError) {
    switch node {
    case .text(let value):
      appendEscaped(value, inAttribute: false)
    case .comment(let value):
      if let problem = Self.commentProblem(value) {
        throw RenderError(problem, path: ["#comment[\(index)]"])
      }
      append("<!--")
      append(value)
      append("-->")
    case .fragment(let nodes):
      try writeSiblings(nodes, depth: depth, pretty: pretty)
    case .element(let element):
      do throws(RenderError) {
        try writeElement(element, depth: depth, pretty: pretty)
      } catch {
        throw error.inside(index == 0 ? element.tag : element.tag + "[\(index)]")
      }
    }
  }

  private mutating func writeElement(_ element: Element, depth: Int, pretty: Bool) throws(RenderError) {
    let tag = element.tag
    guard Names.isValidTag(tag) else {
      throw RenderError("invalid tag name \"\(tag)\"")
    }
    output.append(0x3C)  // <
    append(tag)
    for attribute in element.attributes {
      guard Names.isValidAttribute(attribute.name) else {
        throw RenderError("invalid attribute name \"\(attribute.name)\"")
      }
      writeAttribute(attribute.name, attribute.value)
    }
    if element.hasExtras && !element.properties.isEmpty { writeProperties(of: element) }
    output.append(0x3E)  // >

    let traits = element.namespace == .html ? HTMLElements.traits(of: tag) : []
    if traits.contains(.void) {
      if !element.children.isEmpty {
        throw RenderError("<\(tag)> is a void element and cannot have children")
      }
      return
    }
    if traits.contains(.textOnly) {
      try writeTextOnlyContent(of: element, traits: traits)
    } else {
      if traits.contains(.dropsLeadingNewline), case .text(let first)? = element.children.first,
        first.utf8.first == 0x0A
      {
        output.append(0x0A)
      }
      let children = element.children
      let childrenOnLines =
        pretty && !traits.contains(.dropsLeadingNewline) && !children.isEmpty && Self.isBlockRun(children)
      try writeSiblings(children, depth: depth + 1, pretty: childrenOnLines)
      if childrenOnLines {
        output.append(0x0A)
        indent(depth)
      }
    }
    output.append(0x3C)
    output.append(0x2F)  // </
    append(tag)
    output.append(0x3E)
  }

  /// `script`, `style`, `textarea`, `title` and friends hold text only. Raw text is written as
  /// is, so it must not contain the element's own end tag.
  private mutating func writeTextOnlyContent(of element: Element, traits: TagTraits) throws(RenderError) {
    let tag = element.tag
    let isRaw = traits.contains(.rawText)
    var isFirst = true
    for (index, child) in element.children.enumerated() {
      guard case .text(let value) = child else {
        throw RenderError("<\(tag)> can only contain text", path: ["child[\(index)]"])
      }
      if isRaw {
        if Self.containsEndTag(value, tag: tag) {
          throw RenderError(
            "raw text would close its <\(tag)> element early (\"</\(tag)\")", path: ["#text"])
        }
        append(value)
      } else {
        if isFirst && traits.contains(.dropsLeadingNewline) && value.utf8.first == 0x0A { output.append(0x0A) }
        appendEscaped(value, inAttribute: false)
      }
      isFirst = false
    }
  }

  /// DOM properties have markup equivalents for the first paint: `value` on inputs, and
  /// `checked` / `selected` when true.
  private mutating func writeProperties(of element: Element) {
    for property in element.properties {
      switch (property.name, property.value) {
      case ("value", .string(let value)) where element.tag != "textarea" && element.tag != "select":
        if element.attribute("value") == nil { writeAttribute("value", value) }
      case ("checked", .bool(true)), ("selected", .bool(true)):
        if element.attribute(property.name) == nil { writeAttribute(property.name, "") }
      default:
        continue
      }
    }
  }

  private mutating func writeAttribute(_ name: String, _ value: String) {
    output.append(0x20)
    append(name)
    output.append(0x3D)
    output.append(0x22)
    appendEscaped(value, inAttribute: true)
    output.append(0x22)
  }

  // MARK: Checks

  static func containsEndTag(_ text: String, tag: String) -> Bool {
    let haystack = Array(text.utf8)
    let needle = Array(tag.utf8)
    guard haystack.count >= needle.count + 2 else { return false }
    var index = 0
    while index + 2 + needle.count <= haystack.count {
      if haystack[index] == 0x3C && haystack[index + 1] == 0x2F {
        var matches = true
        for offset in 0..<needle.count {
          let byte = haystack[index + 2 + offset]
          let lower = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
          if lower != needle[offset] { matches = false; break }
        }
        if matches { return true }
      }
      index += 1
    }
    return false
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
    if contains(text, "-->") || contains(text, "--!>") { return "comment text would end the comment early (\"-->\")" }
    if contains(text, "<!--") { return "comment text cannot contain \"<!--\"" }
    // Ending with "<!-" implies ending with "-", so one byte covers both.
    if bytes.last == 0x2D { return "comment text cannot end with \"-\" or \"<!-\"" }
    return nil
  }

  private static func contains(_ text: String, _ part: String) -> Bool {
    let haystack = Array(text.utf8)
    let needle = Array(part.utf8)
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) {
      var matches = true
      for offset in 0..<needle.count where haystack[start + offset] != needle[offset] {
        matches = false
        break
      }
      if matches { return true }
    }
    return false
  }

  // MARK: Bytes

  @inline(__always)
  private func append(_ string: String) { output.append(string) }

  @inline(__always)
  private func append(_ string: StaticString) { output.append(string) }

  /// Escapes `&`, `<`, `>` and U+00A0, plus `"` in attribute values, in one pass.
  private mutating func appendEscaped(_ string: String, inAttribute: Bool) {
    var string = string
    string.withUTF8 { buffer in
      var runStart = 0
      var index = 0
      let count = buffer.count
      while index < count {
        let byte = buffer[index]
        let replacement: StaticString?
        switch byte {
        case 0x26: replacement = "&amp;"
        case 0x3C: replacement = "&lt;"
        case 0x3E: replacement = "&gt;"
        case 0x22: replacement = inAttribute ? "&quot;" : nil
        case 0xC2 where index + 1 < count && buffer[index + 1] == 0xA0: replacement = "&nbsp;"
        default: replacement = nil
        }
        if let replacement {
          if runStart < index { output.append(UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
          output.append(replacement)
          index += byte == 0xC2 ? 2 : 1
          runStart = index
        } else {
          index += 1
        }
      }
      if runStart < count { output.append(UnsafeBufferPointer(rebasing: buffer[runStart..<count])) }
    }
  }
}
