import NavigationCore
import VirtualDOM

/// What a page's container carries in `data-navdom-check` so runtime.js can tell, as it
/// hydrates, whether the DOM it found is the one the server rendered: `"N:H"`, the number of
/// nodes and an FNV-1a hash (32 bits, hex) of their kinds, tags and text in document order
/// (attributes are left out: changing them does not shift node ids). docs/RUNTIME.md,
/// "Hydration that checks itself", gives the exact input; runtime.js `shapeCheck` computes the
/// same over the DOM.
///
/// A page computes it as it walks its tree for everything else (``PageWalk``): `enter` an
/// element, `leave` it after its children, `add` the other nodes.
///
/// ```swift
/// HydrationCheck.value(of: [ul { li { "One" } }])   // "3:…"
/// ```
struct HydrationCheck {
  private var hasher = Hasher32()
  private var count = 0

  /// The check of `roots` on their own (a page gets it from its ``PageWalk``).
  static func value(of roots: [Node]) -> String {
    var check = HydrationCheck()
    for node in roots { check.addSubtree(node) }
    return check.value
  }

  /// `"N:H"`, for what was added so far.
  var value: String { String(count) + ":" + hasher.hex }

  /// An element's start: `<`, its tag as the HTML parser leaves it, `>`.
  mutating func enter(_ element: Element) {
    count += 1
    hasher.unit(0x3C)  // <
    let packed = element.packedTag
    // The HTML parser lowercases HTML tags; SVG and MathML keep theirs (foreignObject).
    let lowercases = element.namespace == .html
    if packed != 0 {
      // A packed tag is its ASCII bytes, first in the low byte: hashed without spelling it out.
      var rest = packed
      while rest != 0 {
        let byte = UInt16(truncatingIfNeeded: rest & 0xFF)
        hasher.unit(lowercases && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        rest >>= 8
      }
    } else {
      for unit in element.tag.utf16 { hasher.unit(lowercases && unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit) }
    }
    hasher.unit(0x3E)  // >
  }

  /// An element's end, after its children.
  mutating func leave() { hasher.unit(0x2F) }  // /

  /// A node that is not an element (a fragment adds its members).
  mutating func add(_ node: Node) {
    switch node {
    case .element(let element):
      // Not reached from a page's walk, which enters elements itself.
      addSubtree(.element(element))
    case .text(let text):
      count += 1
      addText(text)
    case .comment(let text):
      count += 1
      // An empty comment is written as a text marker and hydrates as an empty text node.
      if text.isEmpty { addText(text) } else { hasher.unit(0x21); hasher.units(text) }
    case .fragment(let nodes):
      for child in nodes { addSubtree(child) }
    }
  }

  private mutating func addSubtree(_ node: Node) {
    guard case .element(let element) = node else { return add(node) }
    enter(element)
    for index in 0..<element.childCount { addSubtree(element.child(at: index)) }
    leave()
  }

  /// `#` and the text as the parser leaves it: CR and CR LF become LF.
  private mutating func addText(_ text: String) {
    hasher.unit(0x23)
    var afterCR = false
    // ASCII text is its own UTF-16: hashed from its UTF-8 bytes, without decoding.
    let start = hasher
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      for byte in bytes {
        guard byte < 0x80 else { return false }
        if byte == 0x0A && afterCR {
          afterCR = false
          continue
        }
        afterCR = byte == 0x0D
        hasher.unit(afterCR ? 0x0A : UInt16(byte))
      }
      return true
    }
    guard ascii != true else { return }
    hasher = start
    afterCR = false
    for unit in text.utf16 {
      if unit == 0x0A && afterCR {
        afterCR = false
        continue
      }
      afterCR = unit == 0x0D
      hasher.unit(afterCR ? 0x0A : unit)
    }
  }
}

/// FNV-1a over UTF-16 code units (what JavaScript strings are made of).
struct Hasher32 {
  private(set) var value: UInt32 = 0x811C_9DC5

  mutating func unit(_ unit: UInt16) {
    value = (value ^ UInt32(unit)) &* 0x0100_0193
  }

  mutating func units(_ text: String) {
    for unit in text.utf16 { self.unit(unit) }
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
