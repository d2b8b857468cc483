/// A small, portable JSON writer: appends UTF-8 to a byte buffer, escaping strings per RFC 8259.
///
/// In the WebAssembly module its small writers (`raw`, `json`, `number`, `bool`) are never
/// inlined: each is an array append, a capacity check and a growth call, and the replies call
/// them at dozens of places.
public struct JSONWriter {
  /// What was written. The package's writers may edit it (the wire format's runs of inserts
  /// take back a node they wrote once it is found to repeat another's shape).
  public package(set) var bytes: [UInt8] = []

  public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  /// The JSON written so far.
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends text that is already JSON (a value written by another writer).
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public mutating func json(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends `value` as a JSON string, read in place (`withUTF8`, no copy of its bytes even in
  /// a WebAssembly module), the bytes between escapes appended as one copy each.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public mutating func string(_ value: String) {
    bytes.append(0x22)
    var value = value
    value.withUTF8 { utf8 in
      var start = 0
      for index in utf8.indices where utf8[index] < 0x20 || utf8[index] == 0x22 || utf8[index] == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        appendEscape(of: utf8[index])
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(0x22)
  }

  /// The escape of a byte JSON does not take as it is: `\"`, `\\`, `\n`, `\r`, `\t`, or `\u00XX`
  /// with lowercase hex digits. Apart from `string(_:)`'s loop, so each append is written once
  /// (in the WebAssembly module every append is a copy of the buffer's capacity check).
  @inline(never)
  private mutating func appendEscape(of byte: UInt8) {
    bytes.append(0x5C)
    switch byte {
    case 0x22, 0x5C: bytes.append(byte)
    case 0x0A: bytes.append(0x6E)
    case 0x0D: bytes.append(0x72)
    case 0x09: bytes.append(0x74)
    default:
      // `u00XX`, a byte at a time out of one word: one append, and no array per character.
      var rest = UInt64(Self.hexDigit(byte & 0xF)) << 32 | UInt64(Self.hexDigit(byte >> 4)) << 24 | 0x30_3075
      for _ in 0..<5 {
        bytes.append(UInt8(truncatingIfNeeded: rest))
        rest >>= 8
      }
    }
  }

  /// The lowercase hexadecimal digit of `value` (0...15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x57 + value
  }

  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public mutating func number(_ value: Int) {
    // Digit by digit from the largest power of ten: no String made for each number.
    if value < 0 { bytes.append(0x2D) }
    var magnitude = value.magnitude
    var power: UInt = 1
    while magnitude / power >= 10 { power &*= 10 }
    repeat {
      bytes.append(0x30 &+ UInt8(truncatingIfNeeded: magnitude / power))
      magnitude %= power
      power /= 10
    } while power > 0
  }

  #if hasFeature(Embedded)
  @inline(never)
  #endif
  public mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  public mutating func null() { raw("null") }

  /// Writes `"name":` (with a leading comma unless `first`).
  public mutating func key(_ name: StaticString, first: Bool = false) {
    if !first { bytes.append(0x2C) }
    bytes.append(0x22)
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(0x22)
    bytes.append(0x3A)
  }
}
