import Foundation

/// The module's name section (function names, for size reports and stack traces), which the
/// shipped module goes without: the plugin links and optimises with names kept, writes that
/// module for `--names-output`, and ships the same bytes minus this section (and the
/// "producers" section that comes with it, the toolchain's name and version), so the two
/// modules' code is identical and a size report of one is a size report of the other.
enum WasmNameSection {
  /// The custom sections the shipped module goes without.
  static let removedSections: Set<String> = ["name", "producers"]

  /// `module` without its name and producers sections; every other byte as it was.
  static func removed(from module: Data) throws -> Data {
    let bytes = [UInt8](module)
    guard bytes.count >= 8, bytes[0..<4].elementsEqual([0x00, 0x61, 0x73, 0x6D]) else {
      throw BuildWasmError("not a WebAssembly module")
    }
    var kept = Array(bytes[0..<8])
    var offset = 8
    while offset < bytes.count {
      let id = bytes[offset]
      let (size, payload) = try leb128(bytes, at: offset + 1)
      let end = payload + size
      guard end <= bytes.count else { throw BuildWasmError("a section runs past the module's end") }
      if try id != 0 || !removedSections.contains(customName(bytes, at: payload)) {
        kept += bytes[offset..<end]
      }
      offset = end
    }
    return Data(kept)
  }

  /// An unsigned LEB128 at `offset`: its value and the offset after it.
  private static func leb128(_ bytes: [UInt8], at offset: Int) throws -> (Int, Int) {
    var value = 0
    var shift = 0
    var cursor = offset
    while cursor < bytes.count, shift < 35 {
      let byte = bytes[cursor]
      cursor += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return (value, cursor) }
      shift += 7
    }
    throw BuildWasmError("a malformed section size in the module")
  }

  private static func customName(_ bytes: [UInt8], at offset: Int) throws -> String {
    let (length, start) = try leb128(bytes, at: offset)
    guard start + length <= bytes.count else { throw BuildWasmError("a malformed custom section name") }
    return String(decoding: bytes[start..<start + length], as: UTF8.self)
  }
}
