// The pieces of HTML both of the serializer's paths write: escaped text, attributes, the
// content of text-only elements. They are `ByteBuffer` methods so that the buffer is `self`:
// a reference the compiler never retains around each append, as it did when the serializer
// reached the buffer through its own (inout) value (~5 retain/release pairs per attribute).

import VirtualDOM

extension ByteBuffer {
  /// `script`, `style`, `textarea`, `title` and friends hold text only. Raw text is written as
  /// is, so it must not contain the element's own end tag. False, with partial output, at a
  /// child that is not text or raw text that would close the element (`RenderCheck` says which).
  func writeTextOnlyContent(of element: Element, traits: TagTraits) -> Bool {
    let isRaw = traits.contains(.rawText)
    var isFirst = true
    for index in 0..<element.childCount {
      guard case .text(let value) = element.child(at: index) else { return false }
      if isRaw {
        if RenderCheck.containsEndTag(value, tag: element.tag) { return false }
        append(value)
      } else {
        if isFirst && traits.contains(.dropsLeadingNewline) && value.utf8.first == 0x0A { append(0x0A) }
        appendEscaped(value, inAttribute: false)
      }
      isFirst = false
    }
    return true
  }

  /// DOM properties have markup equivalents for the first paint: `value` on inputs, and
  /// `checked` / `selected` when true.
  func writeProperties(of element: Element) {
    // A textarea's or select's value is its content, not an attribute. (Packed tags: the tag
    // as a String would be spelled out again for each comparison.)
    let packed = element.packedTag
    let valueIsContent = packed == 0x6165726174786574 /* textarea */ || packed == 0x7463656C6573 /* select */
    // Names compared by their bytes (`DOMString.equal`): a `switch` on the strings would use
    // `==`, which brings Unicode normalization into a WebAssembly module.
    for property in element.properties {
      switch property.value {
      case .string(let value) where !valueIsContent && DOMString.equal(property.name, "value"):
        if element.attribute("value") == nil { writeAttribute("value", value) }
      case .bool(true) where DOMString.equal(property.name, "checked") || DOMString.equal(property.name, "selected"):
        if element.attribute(property.name) == nil { writeAttribute(property.name, "") }
      case .bool(true) where DOMString.equal(property.name, "focused"):
        // Focus as state (`.focused`): the first paint has the field focused as it loads.
        if element.attribute("autofocus") == nil { writeAttribute("autofocus", "") }
      default:
        continue
      }
    }
  }

  func writeAttribute(_ name: String, _ value: String) {
    append(0x20)
    append(name)
    append(0x3D)
    append(0x22)
    appendEscaped(value, inAttribute: true)
    append(0x22)
  }

  /// `pre`, `textarea` and `listing` lose one newline right after the start tag when parsed,
  /// so content that starts with one gets an extra.
  func writeDroppedNewline(of element: Element) {
    if element.childCount > 0, case .text(let first) = element.child(at: 0), first.utf8.first == 0x0A {
      append(0x0A)
    }
  }

  /// Escapes `&`, `<`, `>` and U+00A0, plus `"` in attribute values, in one pass.
  ///
  /// Almost every byte needs nothing, so the scan skips eight bytes at a time when none of them
  /// is special (word-at-a-time "has a zero byte" tests, below), and tests single bytes
  /// against a 64-bit mask of the special bytes below 0x40 (plus 0xC2, the lead byte of
  /// U+00A0) only near a candidate. Whole runs between escapes are copied at once. Measured:
  /// ~16 instructions per byte with a per-byte `switch`, ~4 with this.
  func appendEscaped(_ string: String, inAttribute: Bool) {
    // The bytes are read in place when they are contiguous, as a native string's always are:
    // no copy of the string, so no retain and release of its storage per string written.
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, inAttribute: inAttribute) }
    if done == nil {
      var string = string
      string.withUTF8 { appendEscaped($0, inAttribute: inAttribute) }
    }
  }

  private func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
    // Bit n set: byte n (< 0x40) may need escaping.
    let textMask: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
    let mask = inAttribute ? textMask | 1 << 0x22 : textMask
    guard let base = buffer.baseAddress else { return }
    var runStart = 0
    var index = 0
    let count = buffer.count
    while index < count {
      if index + 8 <= count {
        if !Self.mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
          index += 8
          continue
        }
      } else if count >= 8,
        !Self.mayNeedEscape(UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
      {
        // Fewer than eight bytes left: the last eight (some seen already) tested at once.
        break
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
      if runStart < index { append(UnsafeBufferPointer(start: base + runStart, count: index - runStart)) }
      append(replacement)
      index += byte == 0xC2 ? 2 : 1
      runStart = index
    }
    if runStart < count { append(UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
  }

  /// Whether any of the eight bytes in `word` is `&`, `<`, `>`, `"` or non-ASCII (which covers
  /// U+00A0's lead byte). May say yes for a byte next to one that matches, never no for a
  /// match: the byte loop then decides (and leaves a `"` in text as it is).
  @inline(__always)
  static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    // `<` and `>` differ only in bit 0x02, `"` and `&` only in bit 0x04: with that bit set, each
    // pair is one byte to look for. A byte of `angle` or `quoteOrAmpersand` is zero where `word`
    // has one of the pair, and `(x - 1) & ~x` sets a zero byte's high bit.
    let angle = (word | ones &* 0x02) ^ (ones &* 0x3E)
    let quoteOrAmpersand = (word | ones &* 0x04) ^ (ones &* 0x26)
    return (word | (angle &- ones) & ~angle | (quoteOrAmpersand &- ones) & ~quoteOrAmpersand) & highBits != 0
  }
}
