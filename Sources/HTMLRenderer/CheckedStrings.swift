// Attribute names and values the compact writer has already read and checked during one write,
// found again by the 16 bytes of the `String` value itself.
//
// A page repeats a few names and values thousands of times (`class`, `col-md-1`,
// `aria-hidden`, `glyphicon glyphicon-remove`). Reading one (`ShortUTF8`) and checking it costs
// 40 to 60 instructions; finding the result again by the string's bits, about 12.
//
// Equal bits are the same string for as long as the tree is alive: either the same small
// string (its bytes are the bits) or the same storage, which the tree holds for the whole
// write, so no other string can be made at that address meanwhile. That is why the tables last
// one write only.

import VirtualDOM

struct CheckedStrings {
  #if hasFeature(Embedded)
    // No tables in the WebAssembly module: no room in its budget for the code. Every lookup
    // misses, and the writer reads and checks each string as it comes.
    static func with<Result>(_ body: (CheckedStrings) -> Result) -> Result { body(CheckedStrings()) }
    func validName(_ string: UnsafeRawPointer) -> ShortUTF8? { nil }
    func remember(validName bytes: ShortUTF8, of string: UnsafeRawPointer) {}
    func cleanValue(_ string: UnsafeRawPointer) -> ShortUTF8? { nil }
    func remember(cleanValue bytes: ShortUTF8, of string: UnsafeRawPointer) {}
  #else
    /// A string's bits and what it was found to hold.
    struct Entry {
      var bits: (UInt64, UInt64)
      var bytes: ShortUTF8
      var isOccupied: Bool
    }

    /// Entries per table: the distinct names and values of a typical page fit, most in a slot
    /// of their own.
    private static var tableSize: Int { 16 }

    /// The table of valid attribute names, followed by the table of attribute values with
    /// nothing to escape. (One pointer: it is passed down every level of the tree.)
    private let names: UnsafeMutablePointer<Entry>
    private var values: UnsafeMutablePointer<Entry> { names + Self.tableSize }

    /// Calls `body` with empty tables, on the stack.
    static func with<Result>(_ body: (CheckedStrings) -> Result) -> Result {
      withUnsafeTemporaryAllocation(of: Entry.self, capacity: 2 * tableSize) { entries in
        let empty = Entry(bits: (0, 0), bytes: ShortUTF8(UnsafeBufferPointer(start: nil, count: 0))!, isOccupied: false)
        entries.initialize(repeating: empty)
        return body(CheckedStrings(names: entries.baseAddress!))
      }
    }

    /// The bytes of the valid name `string` points at, if it was seen before in this write.
    @inline(__always)
    func validName(_ string: UnsafeRawPointer) -> ShortUTF8? { Self.lookUp(string, in: names) }

    @inline(__always)
    func remember(validName bytes: ShortUTF8, of string: UnsafeRawPointer) { Self.insert(bytes, of: string, in: names) }

    /// The bytes of the value `string` points at, if it was seen before in this write with
    /// nothing to escape.
    @inline(__always)
    func cleanValue(_ string: UnsafeRawPointer) -> ShortUTF8? { Self.lookUp(string, in: values) }

    @inline(__always)
    func remember(cleanValue bytes: ShortUTF8, of string: UnsafeRawPointer) { Self.insert(bytes, of: string, in: values) }

    /// The bits of the `String` at `string`. (Only on 64-bit platforms, where a `String` is
    /// two words without padding; elsewhere nothing is looked up.)
    @inline(__always)
    private static func bits(_ string: UnsafeRawPointer) -> (UInt64, UInt64) {
      (string.load(as: UInt64.self), string.load(fromByteOffset: 8, as: UInt64.self))
    }

    @inline(__always)
    private static func slot(_ bits: (UInt64, UInt64), in table: UnsafeMutablePointer<Entry>) -> UnsafeMutablePointer<Entry> {
      // The top four bits of a multiplicative hash (Fibonacci hashing) of both words.
      table + Int(truncatingIfNeeded: ((bits.0 &+ bits.1) &* 0x9E37_79B9_7F4A_7C15) >> 60)
    }

    @inline(__always)
    private static func lookUp(_ string: UnsafeRawPointer, in table: UnsafeMutablePointer<Entry>) -> ShortUTF8? {
      guard MemoryLayout<String>.size == 16 else { return nil }
      let bits = bits(string)
      let entry = slot(bits, in: table)
      guard entry.pointee.bits == bits && entry.pointee.isOccupied else { return nil }
      return entry.pointee.bytes
    }

    @inline(__always)
    private static func insert(_ bytes: ShortUTF8, of string: UnsafeRawPointer, in table: UnsafeMutablePointer<Entry>) {
      guard MemoryLayout<String>.size == 16 else { return }
      let bits = bits(string)
      slot(bits, in: table).pointee = Entry(bits: bits, bytes: bytes, isOccupied: true)
    }
  #endif
}
