import NavigationCore
import VirtualDOM

/// What a page's container carries in `data-navdom-check` so runtime.js can tell, as it
/// hydrates, whether the DOM it found is the one the server rendered: `"N:H"`, the number of
/// nodes and an FNV-1a hash (32 bits, hex) of their kinds, tags and text in document order
/// (attributes are left out: changing them does not shift node ids). docs/RUNTIME.md,
/// "Hydration that checks itself", gives the exact input; runtime.js `shapeCheck` computes the
/// same over the DOM.
///
/// ```swift
/// HydrationCheck.value(of: [ul { li { "One" } }])   // "3:…"
/// ```
enum HydrationCheck {
  static func value(of roots: [Node]) -> String {
    var hasher = Hasher32()
    var count = 0
    for node in roots { add(node, to: &hasher, count: &count) }
    return String(count) + ":" + hasher.hex
  }

  private static func add(_ node: Node, to hasher: inout Hasher32, count: inout Int) {
    switch node {
    case .element(let element):
      count += 1
      hasher.unit(0x3C)  // <
      let tag = element.tag
      // The HTML parser lowercases HTML tags; SVG and MathML keep theirs (foreignObject).
      for unit in tag.utf16 {
        hasher.unit(element.namespace == .html && unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit)
      }
      hasher.unit(0x3E)  // >
      for index in 0..<element.childCount { add(element.child(at: index), to: &hasher, count: &count) }
      hasher.unit(0x2F)  // /
    case .text(let text):
      count += 1
      addText(text, to: &hasher)
    case .comment(let text):
      count += 1
      // An empty comment is written as a text marker and hydrates as an empty text node.
      if text.isEmpty { addText(text, to: &hasher) } else { hasher.unit(0x21); hasher.units(text) }
    case .fragment(let nodes):
      for child in nodes { add(child, to: &hasher, count: &count) }
    }
  }

  /// `#` and the text as the parser leaves it: CR and CR LF become LF.
  private static func addText(_ text: String, to hasher: inout Hasher32) {
    hasher.unit(0x23)
    var afterCR = false
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
