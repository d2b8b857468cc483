// The serializer's compact fast path.
//
// Compact output is what a server writes on every request, so it has a path of its own: no
// layout decisions, tag validation, classification and copy in one pass over the tag's bytes,
// and no error values. It returns `false` at the first problem; `Serializer.write` then starts
// over on the checked path, which builds the `RenderError` with its path. Both paths must
// write the same bytes (the serializer tests and the React parity test run through this one).
//
// It reads attributes and children in place (`withAttributes`, `withChildren`), so it
// allocates nothing, and it is written as `ByteBuffer` methods so the buffer is `self`, which
// the compiler does not retain and release around every append.

import VirtualDOM

extension ByteBuffer {
  /// Writes compact siblings. Text after text, or empty text, gets a `<!---->` marker, as on
  /// the checked path. False at the first problem, with partial output left behind.
  func writeCompact(_ nodes: UnsafeBufferPointer<Node>) -> Bool {
    guard let first = nodes.baseAddress else { return true }
    var previousWasText = false
    for index in nodes.indices {
      // Elements unretained: the caller holds the tree, and a copy of each child would be a
      // retain and a release (atomic) per element written.
      if let element = UnretainedElement(first + index) {
        guard element.read({ writeCompact($0) }) else { return false }
        previousWasText = false
        continue
      }
      switch nodes[index] {
      case .element:
        continue  // written above
      case .text(let value):
        if previousWasText || value.isEmpty { append("<!---->") }
        appendEscaped(value, inAttribute: false)
        previousWasText = true
      case .comment(let value):
        guard Serializer.commentProblem(value) == nil else { return false }
        append("<!--")
        append(value)
        append("-->")
        previousWasText = false
      case .fragment:
        // Stored children are never fragments, and `Serializer.write` flattens the top level.
        return false
      }
    }
    return true
  }

  private func writeCompact(_ element: Element) -> Bool {
    // `<tag`. A tag of up to eight bytes comes packed (and checked) in the element, and is
    // copied and classified as one integer; a longer one is checked and copied byte by byte
    // (and has no traits: every tag with traits is short).
    let packed = element.packedTag
    append(0x3C)  // <
    if packed != 0 {
      appendPacked(packed)
    } else {
      var tag = element.tag
      let isValid = tag.withUTF8 { bytes -> Bool in
        guard Names.isValidTag(bytes) else { return false }
        append(bytes)
        return true
      }
      guard isValid else { return false }
    }
    guard element.withAttributes({ writeCompact($0) }) else { return false }
    if element.hasExtras && !element.properties.isEmpty { writeProperties(of: element) }
    append(0x3E)  // >

    let traits = element.namespace == .html ? HTMLElements.traits(packed: packed) : []
    if traits.contains(.void) { return element.childCount == 0 }
    if traits.contains(.textOnly) {
      do throws(RenderError) {
        try writeTextOnlyContent(of: element, traits: traits)
      } catch {
        return false
      }
    } else {
      if traits.contains(.dropsLeadingNewline) { writeDroppedNewline(of: element) }
      guard element.withChildren({ writeCompact($0) }) else { return false }
    }
    append(0x3C)
    append(0x2F)  // </
    if packed != 0 { appendPacked(packed) } else { append(element.tag) }
    append(0x3E)
    return true
  }

  /// ` name="value"` for each attribute; false at the first invalid name.
  ///
  /// Names and values are read in place, through the buffer (no copy of the attribute, so no
  /// retain and release of its strings).
  private func writeCompact(_ attributes: UnsafeBufferPointer<Attribute>) -> Bool {
    for index in attributes.indices {
      let isValid =
        attributes[index].name.utf8.withContiguousStorageIfAvailable { writeAttributeName($0) }
        ?? { var name = attributes[index].name; return name.withUTF8 { writeAttributeName($0) } }()
      guard isValid else { return false }
      append(0x3D)
      append(0x22)  // ="
      appendEscaped(attributes[index].value, inAttribute: true)
      append(0x22)
    }
    return true
  }

  /// ` name`, if `name` is a valid attribute name.
  @inline(__always)
  private func writeAttributeName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard Names.isValidAttribute(name) else { return false }
    append(0x20)
    append(name)
    return true
  }
}
