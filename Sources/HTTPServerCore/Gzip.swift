import NavDOMZlib

/// gzip compression (RFC 1952) through the system's zlib: static text files and live replies
/// (JSON: a page's worth of text patches shrinks to about a third).
public enum Gzip {
  /// `bytes` compressed as a gzip member, or `nil` if zlib fails.
  public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
    var stream = z_stream()
    let sizes = StateSizes(forInputCount: bytes.count)
    // windowBits + 16 asks deflate for a gzip header and trailer instead of zlib's.
    let status = deflateInit2_(
      &stream, level, Z_DEFLATED, sizes.windowBits + 16, sizes.memoryLevel, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
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

  /// How large a deflate state to ask zlib for: a window that spans the input, and a hash table
  /// and symbol buffer to match, up to zlib's defaults (windowBits 15, memLevel 8) from about
  /// 16 KB of input on.
  ///
  /// At the defaults a state is about 256 KB, which the allocator hands back to the system
  /// when the response is done and faults in afresh for the next (each page had 64 new pages
  /// of memory to zero): compressing the demo's 3.7 KB page took 73 µs, an 896-byte live reply
  /// 63 µs. Sized to the input (32 KB and 16 KB of state) they take 19 and 11 µs, and the output
  /// is the same size (no match can reach further back than the input's start anyway).
  struct StateSizes {
    /// log2 of the window: deflate's matches reach back at most 2^windowBits - 262 bytes.
    var windowBits: Int32
    /// log2 of the hash table's entries minus 7, and of the symbol buffer's minus 6.
    var memoryLevel: Int32

    init(forInputCount count: Int) {
      // zlib's smallest window for deflate is 9 (it raises 8 to 9).
      var windowBits: Int32 = 9
      while windowBits < 15 && (1 << windowBits) - 262 < count { windowBits += 1 }
      self.windowBits = windowBits
      self.memoryLevel = windowBits - 7
    }
  }
}
