import NavDOMZlib

/// gzip compression (RFC 1952) through the system's zlib: static text files and live replies
/// (JSON: a page's worth of text patches shrinks to about a third).
public enum Gzip {
  /// `bytes` compressed as a gzip member, or `nil` if zlib fails.
  public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
    var stream = z_stream()
    // windowBits 15 + 16 asks deflate for a gzip header and trailer instead of zlib's.
    let status = deflateInit2_(
      &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
    // zlib reads the input without writing it; its pointer type is mutable only for C's sake,
    // so the caller's array is lent as it is rather than copied.
    let result = bytes.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { destination in
        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
        stream.avail_in = UInt32(source.count)
        stream.next_out = destination.baseAddress
        stream.avail_out = UInt32(destination.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard result == Z_STREAM_END else { return nil }
    return Array(output[0..<Int(stream.total_out)])
  }
}
