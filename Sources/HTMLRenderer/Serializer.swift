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

  /// Writes `<!DOCTYPE html>` then `root` (normally the `html` element); nothing if `root`
  /// cannot be written.
  public mutating func writeDocument(_ root: Node) throws(RenderError) {
    let start = output.count
    append("<!DOCTYPE html>")
    if style == .pretty { output.append(0x0A) }
    do throws(RenderError) {
      try write(root)
    } catch {
      output.truncate(to: start)
      throw error
    }
  }

  /// Writes one node (a fragment writes its members). A tree that cannot be written as HTML
  /// throws the first problem, with its path, and writes nothing.
  public mutating func write(_ node: Node) throws(RenderError) {
    switch style {
    case .compact:
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
      if !written { throw rejected(node.flattened, writtenFrom: start) }
    case .pretty:
      try writePretty(node.flattened)
    }
  }

  /// What a node takes in compact HTML on typical pages: enough that a tree's output is
  /// written into one allocation made up front.
  static let expectedBytesPerNode = 24

  /// Writes top-level nodes in order.
  public mutating func write(_ nodes: [Node]) throws(RenderError) {
    var flat: [Node] = []
    for node in nodes { node.flatten(into: &flat) }
    switch style {
    case .compact:
      let start = output.count
      if !flat.withUnsafeBufferPointer({ output.writeCompact($0) }) {
        throw rejected(flat, writtenFrom: start)
      }
    case .pretty:
      try writePretty(flat)
    }
  }

  /// The compact writer stopped in `nodes`: drop what it wrote and say why.
  private func rejected(_ nodes: [Node], writtenFrom start: Int) -> RenderError {
    output.truncate(to: start)
    // The compact writer stops only where the check finds a problem (the serializer tests
    // pin each kind); the fallback message is for a disagreement between them.
    return RenderCheck.firstProblem(in: nodes)
      ?? RenderError("the compact writer stopped at a node the check accepts (a bug in HTMLRenderer)")
  }

  private mutating func writePretty(_ nodes: [Node]) throws(RenderError) {
    if let problem = RenderCheck.firstProblem(in: nodes) { throw problem }
    writeSiblings(nodes, depth: 0, pretty: true)
    if output.last != 0x0A { output.append(0x0A) }
  }

  // MARK: Siblings and layout
  //
  // The pretty path, which writes trees `RenderCheck` accepted: it only lays out.

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
  private mutating func writeSiblings(_ nodes: [Node], depth: Int, pretty: Bool) {
    let onLines = pretty && Self.hasBlock(nodes)
    var previousWasText = false
    var previousWasBlock = true
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
      writeNode(node, depth: depth, pretty: isBlock)
      if case .text = node { previousWasText = true } else { previousWasText = false }
      previousWasBlock = isBlock
    }
  }

  private mutating func indent(_ depth: Int) {
    for _ in 0..<depth { output.append(0x20); output.append(0x20) }
  }

  // MARK: Nodes

  private mutating func writeNode(_ node: Node, depth: Int, pretty: Bool) {
    switch node {
    case .text(let value):
      appendEscaped(value, inAttribute: false)
    case .comment(let value):
      append("<!--")
      append(value)
      append("-->")
    case .fragment(let nodes):
      writeSiblings(nodes, depth: depth, pretty: pretty)
    case .element(let element):
      writeElement(element, depth: depth, pretty: pretty)
    }
  }

  private mutating func writeElement(_ element: Element, depth: Int, pretty: Bool) {
    let tag = element.tag
    output.append(0x3C)  // <
    append(tag)
    for attribute in element.attributes {
      output.writeAttribute(attribute.name, attribute.value)
    }
    if element.hasExtras && !element.properties.isEmpty { output.writeProperties(of: element) }
    output.append(0x3E)  // >

    let traits = element.namespace == .html ? HTMLElements.traits(packed: element.packedTag) : []
    if traits.contains(.void) { return }
    if traits.contains(.textOnly) {
      _ = output.writeTextOnlyContent(of: element, traits: traits)
    } else {
      if traits.contains(.dropsLeadingNewline) { output.writeDroppedNewline(of: element) }
      let children = element.children
      let childrenOnLines =
        pretty && !traits.contains(.dropsLeadingNewline) && Self.hasBlock(children)
      writeSiblings(children, depth: depth + 1, pretty: childrenOnLines)
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

  // MARK: Bytes

  @inline(__always)
  private func append(_ string: String) { output.append(string) }

  @inline(__always)
  private func append(_ string: StaticString) { output.append(string) }

  @inline(__always)
  private func appendEscaped(_ string: String, inAttribute: Bool) { output.appendEscaped(string, inAttribute: inAttribute) }
}
