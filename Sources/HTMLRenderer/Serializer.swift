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

  /// Forgets what was written but keeps the buffer, so a server can render response after
  /// response into the same memory.
  ///
  /// ```swift
  /// serializer.reset()
  /// try serializer.write(page)
  /// ```
  public mutating func reset() { output.truncate(to: 0) }

  /// Writes `<!DOCTYPE html>` then `root` (normally the `html` element).
  public mutating func writeDocument(_ root: Node) throws(RenderError) {
    append("<!DOCTYPE html>")
    if style == .pretty { output.append(0x0A) }
    try write(root)
  }

  /// Writes one node (a fragment writes its members).
  public mutating func write(_ node: Node) throws(RenderError) {
    if style == .compact {
      let start = output.count
      let written: Bool
      if case .fragment = node {
        written = writeCompactSiblings(node.flattened)
      } else {
        written = writeCompactSiblings(CollectionOfOne(node))
      }
      if written { return }
      // The fast path found a problem: write again on the checked path, which throws the error
      // with its path through the tree (and leaves the same partial output as before).
      output.truncate(to: start)
    }
    try writeSiblings(node.flattened, depth: 0, pretty: style == .pretty)
    if style == .pretty, output.last != 0x0A { output.append(0x0A) }
  }

  /// Writes top-level nodes in order.
  public mutating func write(_ nodes: [Node]) throws(RenderError) {
    var flat: [Node] = []
    for node in nodes { node.flatten(into: &flat) }
    if style == .compact {
      let start = output.count
      if writeCompactSiblings(flat) { return }
      output.truncate(to: start)
    }
    try writeSiblings(flat, depth: 0, pretty: style == .pretty)
    if style == .pretty, output.last != 0x0A { output.append(0x0A) }
  }

  // MARK: Compact fast path
  //
  // Compact output is what a server writes on every request, so it has a path of its own: no
  // layout decisions, tag validation, classification and copy in one pass over the tag's bytes,
  // and no error values. It returns `false` at the first problem; `write` then starts over on
  // the checked path below, which builds the `RenderError` with its path. Both paths must write
  // the same bytes (the serializer tests and the React parity test run through this one).
  // Measured on `navdom bench render --rows 1000`: the write half went from ~10,300 to ~8,400
  // instructions per row (with the scan below).

  /// Compact siblings: text after text, or empty text, gets a `<!---->` marker, as in
  /// `writeSiblings`.
  private mutating func writeCompactSiblings<Nodes: Collection>(_ nodes: Nodes) -> Bool where Nodes.Element == Node {
    var previousWasText = false
    for node in nodes {
      switch node {
      case .element(let element):
        guard writeCompactElement(element) else { return false }
        previousWasText = false
      case .text(let value):
        if previousWasText || value.isEmpty { append("<!---->") }
        appendEscaped(value, inAttribute: false)
        previousWasText = true
      case .comment(let value):
        guard Self.commentProblem(value) == nil else { return false }
        append("<!--")
        append(value)
        append("-->")
        previousWasText = false
      case .fragment(let members):
        guard writeCompactSiblings(members) else { return false }
        previousWasText = false
      }
    }
    return true
  }

  private mutating func writeCompactElement(_ element: Element) -> Bool {
    // `<tag`, checking the name and packing it for the traits lookup on the way.
    var tag = element.tag
    let packed = tag.withUTF8 { bytes -> UInt64? in
      guard Names.isValidTag(bytes) else { return nil }
      output.append(0x3C)  // <
      output.append(bytes)
      return HTMLElements.packedTagName(bytes)
    }
    guard let packed else { return false }
    for attribute in element.attributes {
      var name = attribute.name
      let isValid = name.withUTF8 { bytes -> Bool in
        guard Names.isValidAttribute(bytes) else { return false }
        output.append(0x20)
        output.append(bytes)
        return true
      }
      guard isValid else { return false }
      output.append(0x3D)
      output.append(0x22)  // ="
      appendEscaped(attribute.value, inAttribute: true)
      output.append(0x22)
    }
    if element.hasExtras && !element.properties.isEmpty { writeProperties(of: element) }
    output.append(0x3E)  // >

    let traits = element.namespace == .html ? HTMLElements.traits(packed: packed) : []
    if !traits.isEmpty {
      if traits.contains(.void) { return element.children.isEmpty }
      if traits.contains(.textOnly) {
        do throws(RenderError) {
          try writeTextOnlyContent(of: element, traits: traits)
        } catch {
          return false
        }
      } else {
        if traits.contains(.dropsLeadingNewline), case .text(let first)? = element.children.first,
          first.utf8.first == 0x0A
        {
          output.append(0x0A)
        }
        guard writeCompactSiblings(element.children) else { return false }
      }
    } else {
      guard writeCompactSiblings(element.children) else { return false }
    }
    output.append(0x3C)
    output.append(0x2F)  // </
    append(tag)
    output.append(0x3E)
    return true
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
  ///
  /// Almost every byte needs nothing, so the scan skips eight bytes at a time when none of them
  /// is special (word-at-a-time "has a zero byte" tests, below), and tests single bytes
  /// against a 64-bit mask of the special bytes below 0x40 (plus 0xC2, the lead byte of
  /// U+00A0) only near a candidate. Whole runs between escapes are copied at once. Measured:
  /// ~16 instructions per byte with a per-byte `switch`, ~4 with this.
  private mutating func appendEscaped(_ string: String, inAttribute: Bool) {
    // Bit n set: byte n (< 0x40) may need escaping.
    let textMask: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
    let mask = inAttribute ? textMask | 1 << 0x22 : textMask
    // `"` in text needs nothing, so text looks for `&` again instead of `"`.
    let quoteOrAmpersand: UInt8 = inAttribute ? 0x22 : 0x26
    var string = string
    string.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var runStart = 0
      var index = 0
      let count = buffer.count
      while index < count {
        if index + 8 <= count,
          !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), quoteOrAmpersand)
        {
          index += 8
          continue
        }
        let byte = base[index]
        let mayNeedEscape = byte < 0x40 ? (mask >> UInt64(byte)) & 1 != 0 : byte == 0xC2
        if !mayNeedEscape {
          index += 1
          continue
        }
        let replacement: StaticString
        switch byte {
        case 0x26: replacement = "&amp;"
        case 0x3C: replacement = "&lt;"
        case 0x3E: replacement = "&gt;"
        case 0x22: replacement = "&quot;"
        default:  // 0xC2
          guard index + 1 < count && base[index + 1] == 0xA0 else {
            index += 1
            continue
          }
          replacement = "&nbsp;"
        }
        if runStart < index { output.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart)) }
        output.append(replacement)
        index += byte == 0xC2 ? 2 : 1
        runStart = index
      }
      if runStart < count { output.append(UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
    }
  }

  /// Whether any of the eight bytes in `word` is `&`, `<`, `>`, `quoteOrAmpersand`, or
  /// non-ASCII (which covers U+00A0's lead byte). May say yes for a byte next to one that
  /// matches, never no for a match: the byte loop then decides.
  @inline(__always)
  private static func mayNeedEscape(_ word: UInt64, _ quoteOrAmpersand: UInt8) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // A byte of `x` is zero when the matching byte of `word` equals the byte looked for.
    @inline(__always) func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highBits != 0 }
    return word & highBits != 0
      || hasZeroByte(word ^ (ones &* 0x26))
      || hasZeroByte(word ^ (ones &* 0x3C))
      || hasZeroByte(word ^ (ones &* 0x3E))
      || hasZeroByte(word ^ (ones &* UInt64(quoteOrAmpersand)))
  }
}
