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
    var previousWasText = false
    for node in nodes {
      switch node {
      case .element(let element):
        guard writeCompact(element) else { return false }
        previousWasText = false
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
    // `<tag`, checking the name and packing it for the traits lookup on the way.
    var tag = element.tag
    let packed = tag.withUTF8 { bytes -> UInt64? in
      guard Names.isValidTag(bytes) else { return nil }
      append(0x3C)  // <
      append(bytes)
      return HTMLElements.packedTagName(bytes)
    }
    guard let packed else { return false }
    guard element.withAttributes({ writeCompact($0) }) else { return false }
    if element.hasExtras && !element.properties.isEmpty { writeProperties(of: element) }
    append(0x3E)  // >

    let traits = element.namespace == .html ? HTMLElements.traits(packed: packed) : []
    if !traits.isEmpty {
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
    } else {
      guard element.withChildren({ writeCompact($0) }) else { return false }
    }
    append(0x3C)
    append(0x2F)  // </
    append(tag)
    append(0x3E)
    return true
  }

  /// ` name="value"` for each attribute; false at the first invalid name.
  private func writeCompact(_ attributes: UnsafeBufferPointer<Attribute>) -> Bool {
    for attribute in attributes {
      var name = attribute.name
      let isValid = name.withUTF8 { bytes -> Bool in
        guard Names.isValidAttribute(bytes) else { return false }
        append(0x20)
        append(bytes)
        return true
      }
      guard isValid else { return false }
      append(0x3D)
      append(0x22)  // ="
      appendEscaped(attribute.value, inAttribute: true)
      append(0x22)
    }
    return true
  }
}
