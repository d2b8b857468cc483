/// Revalidation for responses made in memory (a WebAssembly module, generated files), with the
/// same weak comparison the static files use.
extension HTTPRequest {
  /// Whether the client's copy is current: `If-None-Match` lists `entityTag` (or `*`). Answer
  /// such a request with 304 Not Modified and no body.
  ///
  /// ```swift
  /// if request.hasCurrentCopy(entityTag: "\"3f2a-gzip\"") { return HTTPResponse(status: .notModified) }
  /// ```
  public func hasCurrentCopy(entityTag: String) -> Bool {
    guard let condition = headers["If-None-Match"] else { return false }
    return StaticFileHandler.entityTag(entityTag, matches: condition)
  }
}

/// A strong entity tag for bytes held in memory: 64-bit FNV-1a of the bytes, in hex and quoted.
///
/// ```swift
/// let tag = EntityTag.of(module)   // "\"9c1e5a0d7b2f4e61\""
/// ```
public enum EntityTag {
  /// The quoted tag for `bytes`; `suffix` names another representation of the same bytes
  /// (`-gzip`).
  public static func of(_ bytes: [UInt8], suffix: String = "") -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + suffix + "\""
  }
}
