/// String equality as the DOM has it: the same code points. Swift's `==` treats canonically
/// equivalent strings as equal ("é" and "e" + U+0301), but a page showing one is not showing the
/// other, so the diff and node equality compare UTF-8 bytes. (The WebAssembly build compares
/// code points too, so both builds produce the same patches.)
enum DOMString {
  @inline(__always)
  static func same(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a
    var b = b
    return a.withUTF8 { first in b.withUTF8 { second in sameBytes(first, second) } }
  }

  /// Byte equality eight bytes at a time: the generic `elementsEqual` was a sixth of the diff's
  /// instructions.
  static func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = first.count
    guard count == second.count else { return false }
    guard count > 0, let left = first.baseAddress, let right = second.baseAddress else { return true }
    if left == right { return true }
    let leftRaw = UnsafeRawPointer(left)
    let rightRaw = UnsafeRawPointer(right)
    var offset = 0
    while offset + 8 <= count {
      if leftRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != rightRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < count {
      if left[offset] != right[offset] { return false }
      offset += 1
    }
    return true
  }
}

extension Attribute {
  public static func == (lhs: Attribute, rhs: Attribute) -> Bool {
    DOMString.same(lhs.name, rhs.name) && DOMString.same(lhs.value, rhs.value)
  }
}

extension PropertyValue {
  public static func == (lhs: PropertyValue, rhs: PropertyValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return DOMString.same(a, b)
    case (.bool(let a), .bool(let b)): return a == b
    default: return false
    }
  }
}
