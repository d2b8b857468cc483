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
  /// try serializer.write(content)
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
      // Room for the whole tree at once (about 24 bytes a node on typical pages), rather than
      // a dozen doublings, each a copy of everything written so far.
      output.reserve(node.subtreeSize * Self.expectedBytesPerNode)
      let written: Bool
      if case .fragment = node {
        written = node.flattened.withUnsafeBufferPointer { output.writeCompact($0) }
      } else {
        written = withUnsafePointer(to: node) { output.writeCompact(UnsafeBufferPointer(start: $0, count: 1)) }
      }
      if written { return }
      // The fast path found a problem: write again on the checked path, which throws the error
      // with its path through the tree (and leaves the same partial output as before).
      output.truncate(to: start)
    }
    try writeSiblings(node.flattened, depth: 0, pretty: style == .pretty)
    if style == .pretty, output.last != 0x0A { output.append(0x0A) }
  }

  /// What a node takes in compact HTML on typical pages: enough that a tree's output is
  /// written into one allocation made up front.
  static let expectedBytesPerNode = 24

  /// Writes top-level nodes in order.
  public mutating func write(_ nodes: [Node]) throws(RenderError) {
    var flat: [Node] = []
    for node in nodes { node.flatten(into: &flat) }
    if style == .compact {
      let start = output.count
      if flat.withUnsafeBufferPointer({ output.writeCompact($0) }) { return }
      output.truncate(to: start)
    }
    try writeSiblings(flat, depth: 0, pretty: style == .pretty)
    if style == .pretty, output.last != 0x0A { output.append(0x0A) }
  }

  // MARK: Siblings and layout

  /// Whether `node` may sit on a line of its own: a block HTML element or a comment.
  private static func isBlock(_ node: Node) -> Bool {
    switch node {
    case .element(let element):
      return element.namespace == .html && !HTMLElements.traits(packed: element.packedTag).contains(.inline)
    case .comment: return true
    case .text, .fragment: return false
    }
  }

  /// Whether any of `nodes` is a block: then the siblings are laid out in lines.
  private static func hasBlock(_ nodes: [Node]) -> Bool {
    for node in nodes where isBlock(node) { return true }
    return false
  }

  /// Writes siblings. `pretty` says whether white space may be added here at all; inline runs
  /// and preformatted content pass `false` all the way down.
  ///
  /// Among siblings that hold a block, each block goes on a line of its own, and so does each
  /// run of inline nodes between blocks (written as it is, with nothing added inside): white
  /// space next to a block is collapsed by the browser, white space inside an inline run is not.
  private mutating func writeSiblings(_ nodes: [Node], depth: Int, pretty: Bool) throws(RenderError) {
    let onLines = pretty && Self.hasBlock(nodes)
    var previousWasText = false
    var previousWasBlock = true
    var index = 0
    for node in nodes {
      let isBlock = onLines && Self.isBlock(node)
      if onLines && (isBlock || previousWasBlock) {
        if output.count > 0 && output.last != 0x0A { output.append(0x0A) }
        indent(depth)
      }
      if !isBlock, case .text(let value) = node, previousWasText || value.isEmpty {
        // A parser would merge or drop this text node: mark where it starts (see PROTOCOL.md).
        append("<!---->")
      }
      try writeNode(node, depth: depth, index: index, pretty: isBlock)
      if case .text = node { previousWasText = true } else { previousWasText = false }
      previousWasBlock = isBlock
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
      output.writeAttribute(attribute.name, attribute.value)
    }
    if element.hasExtras && !element.properties.isEmpty { output.writeProperties(of: element) }
    output.append(0x3E)  // >

    let traits = element.namespace == .html ? HTMLElements.traits(packed: element.packedTag) : []
    if traits.contains(.void) {
      if element.childCount != 0 {
        throw RenderError("<\(tag)> is a void element and cannot have children")
      }
      return
    }
    if traits.contains(.textOnly) {
      try output.writeTextOnlyContent(of: element, traits: traits)
    } else {
      if traits.contains(.dropsLeadingNewline) { output.writeDroppedNewline(of: element) }
      let children = element.children
      let childrenOnLines =
        pretty && !traits.contains(.dropsLeadingNewline) && Self.hasBlock(children)
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

  // MARK: Checks

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

  // MARK: Bytes

  @inline(__always)
  private func append(_ string: String) { output.append(string) }

  @inline(__always)
  private func append(_ string: StaticString) { output.append(string) }

  @inline(__always)
  private func appendEscaped(_ string: String, inAttribute: Bool) { output.appendEscaped(string, inAttribute: inAttribute) }
}
