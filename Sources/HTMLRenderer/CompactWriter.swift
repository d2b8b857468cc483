// The serializer's compact fast path.
//
// Compact output is what a server writes on every request, so it has a path of its own: no
// layout decisions, tag validation, classification and copy in one pass over the tag's bytes,
// and no error values. It returns `false` at the first problem; `Serializer.write` then drops
// what was written and asks `RenderCheck` for the error and its path. It must write the same
// bytes as the pretty path with no white space added (the serializer tests and the React
// parity test run through this one).
//
// It reads attributes and children in place (`withAttributes`, `withChildren`), so it
// allocates nothing, and it is written as `ByteBuffer` methods so the buffer is `self`, which
// the compiler does not retain and release around every append.

import VirtualDOM

extension ByteBuffer {
  /// Writes compact siblings. Text after text, or empty text, gets a `<!---->` marker, as on
  /// the pretty path. False at the first problem, with partial output the serializer drops.
  func writeCompact(_ nodes: UnsafeBufferPointer<Node>) -> Bool {
    guard let first = nodes.baseAddress else { return true }
    var previousWasText = false
    for index in nodes.indices {
      // An element is lent in place (`withElement`); the other kinds are read from the node.
      if let written = Element.withElement(at: first + index, { writeCompact($0) }) {
        guard written else { return false }
        previousWasText = false
        continue
      }
      switch nodes[index] {
      case .text(let value):
        if previousWasText || value.isEmpty { append("<!---->") }
        writeText(first + index)
        previousWasText = true
      case .comment(let value):
        guard RenderCheck.commentProblem(value) == nil else { return false }
        append("<!--")
        append(value)
        append("-->")
        previousWasText = false
      case .element, .fragment:
        // Elements were written above; stored children are never fragments, and
        // `Serializer.write` flattens the top level.
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
    if packed != 0 {
      appendStartTagOpening(packed)
    } else {
      append(0x3C)  // <
      var tag = element.tag
      let isValid = tag.withUTF8 { bytes -> Bool in
        guard Names.isValidTag(bytes) else { return false }
        append(bytes)
        return true
      }
      guard isValid else { return false }
    }
    guard element.withAttributes({ $0.isEmpty || writeCompact($0) }) else { return false }
    if element.hasExtras && !element.properties.isEmpty { writeProperties(of: element) }
    append(0x3E)  // >

    let traits = element.namespace == .html ? HTMLElements.compactTraits(packed: packed) : []
    if traits.contains(.void) { return element.childCount == 0 }
    if traits.contains(.textOnly) {
      guard writeTextOnlyContent(of: element, traits: traits) else { return false }
    } else {
      if traits.contains(.dropsLeadingNewline) { writeDroppedNewline(of: element) }
      guard element.withChildren({ writeCompact($0) }) else { return false }
    }
    if packed != 0 {
      appendEndTag(packed)
    } else {
      append("</")
      append(element.tag)
      append(0x3E)
    }
    return true
  }

  /// `<tag`, for a tag packed as `Names.packedTag` packs it (first byte lowest, no zero byte
  /// inside): one 8-byte store of the packed tag, then the count moves on by the tag's length.
  @inline(__always)
  private func appendStartTagOpening(_ packed: UInt64) {
    let end = self.end(reserving: 9)
    end[0] = 0x3C
    UnsafeMutableRawPointer(end + 1).storeBytes(of: packed.littleEndian, as: UInt64.self)
    advance(to: end + 1 + Self.length(ofPacked: packed))
  }

  /// `</tag>`, for a packed tag, as `appendStartTagOpening` writes `<tag`.
  @inline(__always)
  private func appendEndTag(_ packed: UInt64) {
    let end = self.end(reserving: 11)
    UnsafeMutableRawPointer(end).storeBytes(of: UInt16(0x2F3C).littleEndian, as: UInt16.self)  // </
    UnsafeMutableRawPointer(end + 2).storeBytes(of: packed.littleEndian, as: UInt64.self)
    let tagEnd = end + 2 + Self.length(ofPacked: packed)
    tagEnd[0] = 0x3E
    advance(to: tagEnd + 1)
  }

  @inline(__always)
  private static func length(ofPacked packed: UInt64) -> Int { (71 - packed.leadingZeroBitCount) / 8 }

  /// The text of `node`, escaped. `node` must be text.
  ///
  /// Read through the pointer, not passed as a `String`: an argument is a copy the caller
  /// retains and releases around the call (measured: ~5% of writing the benchmark table).
  @inline(__always)
  private func writeText(_ node: UnsafePointer<Node>) {
    guard case .text(let value) = node.pointee else { return }
    if let short = ShortUTF8(value), !short.mayNeedEscape {
      appendShort(short)
    } else {
      appendEscaped(value, inAttribute: false)
    }
  }

  /// `bytes`, as they are.
  @inline(__always)
  private func appendShort(_ bytes: ShortUTF8) {
    let end = self.end(reserving: ShortUTF8.room)
    bytes.store(at: end)
    advance(to: end + bytes.count)
  }

  /// ` name="value"` for each attribute; false at the first invalid name.
  ///
  /// Names and values are read in place, through the buffer (no copy of the attribute, so no
  /// retain and release of its strings). A name or value of up to 32 bytes, as most are, is
  /// checked and written as a few words (`ShortUTF8`).
  private func writeCompact(_ attributes: UnsafeBufferPointer<Attribute>) -> Bool {
    guard let first = attributes.baseAddress else { return true }
    for index in attributes.indices {
      let attribute = first + index
      if let name = ShortUTF8(attribute.pointee.name) {
        guard name.isValidAttributeName else { return false }
        // ` name="`: room for what `store` writes, then `="`.
        let end = self.end(reserving: 1 + ShortUTF8.room + 2)
        end[0] = 0x20
        name.store(at: end + 1)
        let nameEnd = end + 1 + name.count
        UnsafeMutableRawPointer(nameEnd).storeBytes(of: UInt16(0x223D).littleEndian, as: UInt16.self)  // ="
        advance(to: nameEnd + 2)
      } else {
        let isValid =
          attribute.pointee.name.utf8.withContiguousStorageIfAvailable { writeAttributeName($0) }
          ?? { var name = attribute.pointee.name; return name.withUTF8 { writeAttributeName($0) } }()
        guard isValid else { return false }
        append("=\"")
      }
      if let value = ShortUTF8(attribute.pointee.value), !value.mayNeedEscape {
        // The value and `"`: room for what `store` writes, then the quote.
        let end = self.end(reserving: ShortUTF8.room + 1)
        value.store(at: end)
        let valueEnd = end + value.count
        valueEnd[0] = 0x22
        advance(to: valueEnd + 1)
      } else {
        appendEscaped(attribute.pointee.value, inAttribute: true)
        append(0x22)
      }
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
