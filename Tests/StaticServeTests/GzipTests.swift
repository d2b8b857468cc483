import NavDOMZlib
import Testing

@testable import HTTPServerCore

/// `Gzip.compress` sizes zlib's state to the input (`Gzip.StateSizes`): whatever the size, the
/// output is a gzip member that inflates to the input.
@Suite("Gzip")
struct GzipTests {
  /// Text that compresses (an HTML-like row repeated) or bytes that do not, `count` long.
  static func input(count: Int, compressible: Bool) -> [UInt8] {
    if compressible {
      let row = Array("<tr><td class=\"col-md-1\">42</td><td>pretty red table</td></tr>\n".utf8)
      return (0..<count).map { row[$0 % row.count] }
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  /// Runs `call` (zlib's `inflate` or `deflate`, to the end) on `stream` from `bytes` into a
  /// buffer of `capacity` bytes: the bytes written, or nil unless the call ended the stream.
  static func finish(
    _ stream: inout z_stream, _ bytes: [UInt8], capacity: Int, _ call: (inout z_stream) -> Int32
  ) -> [UInt8]? {
    var output = [UInt8](repeating: 0, count: capacity)
    var input = bytes
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { destination in
        stream.next_in = source.baseAddress
        stream.avail_in = UInt32(source.count)
        stream.next_out = destination.baseAddress
        stream.avail_out = UInt32(destination.count)
        return call(&stream)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output[0..<Int(stream.total_out)])
  }

  /// `bytes` inflated as gzip (windowBits 15 + 16, as browsers read it), or nil if zlib refuses.
  static func inflated(_ bytes: [UInt8], expectedCount: Int) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    return finish(&stream, bytes, capacity: expectedCount + 1) { inflate(&$0, Z_FINISH) }
  }

  @Test(arguments: [0, 1, 249, 250, 251, 3_696, 3_834, 3_835, 16_122, 16_123, 40_000, 300_000])
  func everySizeInflatesToTheInput(count: Int) throws {
    for compressible in [true, false] {
      let bytes = Self.input(count: count, compressible: compressible)
      for level: Int32 in [6, 9] {
        let compressed = try #require(Gzip.compress(bytes, level: level))
        #expect(compressed.starts(with: [0x1F, 0x8B]))
        #expect(Self.inflated(compressed, expectedCount: count) == bytes, "\(count) bytes, level \(level)")
      }
    }
  }

  /// The window bits and memory level `Gzip` asks zlib for.
  static func sizes(_ count: Int) -> [Int32] {
    let sizes = Gzip.StateSizes(forInputCount: count)
    return [sizes.windowBits, sizes.memoryLevel]
  }

  @Test func theStateGrowsWithTheInputUpToZlibsDefaults() {
    #expect(Self.sizes(0) == [9, 2])
    // A window of 2^12 reaches 4,096 - 262 bytes back: enough for 3,834 bytes, not 3,835.
    #expect(Self.sizes(3_834) == [12, 5])
    #expect(Self.sizes(3_835) == [13, 6])
    #expect(Self.sizes(16_122) == [14, 7])
    #expect(Self.sizes(16_123) == [15, 8])
    #expect(Self.sizes(10_000_000) == [15, 8])
  }

  /// The compressed size is what zlib's defaults give for text the window spans (the demo's
  /// page compressed to 923 bytes either way).
  @Test func aSmallStateCompressesTextAsWellAsTheDefaults() throws {
    let bytes = Self.input(count: 3_696, compressible: true)
    let sized = try #require(Gzip.compress(bytes))
    var stream = z_stream()
    let status = deflateInit2_(
      &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    try #require(status == Z_OK)
    defer { deflateEnd(&stream) }
    let defaults = try #require(Self.finish(&stream, bytes, capacity: 8_192) { deflate(&$0, Z_FINISH) })
    #expect(sized.count <= defaults.count)
  }
}
