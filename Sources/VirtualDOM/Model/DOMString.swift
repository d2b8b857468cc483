/// String equality as the DOM has it: the same code points. Swift's `==` treats canonically
/// equivalent strings as equal ("é" and "e" + U+0301), but a page showing one is not showing the
/// other, so the diff and node equality compare UTF-8 bytes. (The WebAssembly build compares
/// code points too, so both builds produce the same patches.)
///
/// The renderer and the navigation core compare names, keys, events and URL pieces the same
/// way, with `equal`. Besides being the DOM's equality, it keeps Swift's `==` on strings out of
/// a WebAssembly module: that one brings the standard library's Unicode normalization (about
/// 12 KB of code, measured).
///
/// ```swift
/// DOMString.equal("caf\u{E9}", "cafe\u{301}")   // false: different code points
/// "caf\u{E9}" == "cafe\u{301}"                  // true: canonically equivalent
/// ```
public enum DOMString {
  /// Whether `a` and `b` are the same code points. One copy for every caller outside the diff's
  /// loops (`same` is inlined, and LTO would inline it into every module's call sites).
  @inline(never)
  public static func equal(_ a: String, _ b: String) -> Bool { same(a, b) }

  /// `equal(_:_:)` for optional strings: both absent, or both present and the same.
  @inline(never)
  public static func equal(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return same(a, b)
  }

  /// `equal(_:_:)` inlined, for the diff's loops. In the WebAssembly module it is one function:
  /// inlined, it was a copy of about 300 bytes at each of the diff's dozen call sites.
  #if hasFeature(Embedded)
  @inline(never)
  #else
  @inline(__always)
  #endif
  static func same(_ a: String, _ b: String) -> Bool {
    if withUnsafePointer(to: a, { a in withUnsafePointer(to: b) { b in sameRepresentation(a, b) } }) { return true }
    #if hasFeature(Embedded)
    // Embedded Swift's strings are all native, so `withUTF8` reads them in place; the copies
    // it needs (it is mutating) cost less module than the two paths below.
    var a = a
    var b = b
    return a.withUTF8 { first in b.withUTF8 { second in sameBytes(first, second) } }
    #else
    guard a.utf8.count == b.utf8.count else { return false }
    // The bytes are read where they are. (`withUTF8` is mutating, so it needed copies of both
    // strings, and a copy of a heap string is a retain and a release.) Native strings are
    // always contiguous; the fallback is for bridged ones.
    let contiguous = a.utf8.withContiguousStorageIfAvailable { first in
      b.utf8.withContiguousStorageIfAvailable { second in sameBytes(first, second) }
    }
    if let result = contiguous ?? nil { return result }
    var a = a
    var b = b
    return a.withUTF8 { first in b.withUTF8 { second in sameBytes(first, second) } }
    #endif
  }

  /// Whether the values at `a` and `b` are the same bytes, compared where they are (a copy of a
  /// value holding a heap string retains it).
  ///
  /// For a string, or a value made of strings (`Attribute`), the same bytes are the same
  /// contents: the same inline bytes, or the same storage and length. Literals and strings that
  /// both trees share take this path, a few instructions instead of a byte comparison. Different
  /// bytes prove nothing: equal strings can be stored apart.
  @inline(__always)
  static func sameRepresentation<Value>(_ a: UnsafePointer<Value>, _ b: UnsafePointer<Value>) -> Bool {
    let size = MemoryLayout<Value>.size
    let first = UnsafeRawPointer(a)
    let second = UnsafeRawPointer(b)
    var offset = 0
    while offset + 8 <= size {
      if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < size {
      if first.load(fromByteOffset: offset, as: UInt8.self) != second.load(fromByteOffset: offset, as: UInt8.self) {
        return false
      }
      offset += 1
    }
    return true
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

extension Property {
  public static func == (lhs: Property, rhs: Property) -> Bool {
    DOMString.equal(lhs.name, rhs.name) && lhs.value == rhs.value
  }
}

extension PropertyValue {
  public static func == (lhs: PropertyValue, rhs: PropertyValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return DOMString.equal(a, b)
    case (.bool(let a), .bool(let b)): return a == b
    default: return false
    }
  }
}
