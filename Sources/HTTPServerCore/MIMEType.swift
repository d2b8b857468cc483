/// Content types for static files, chosen by file extension; text types carry `charset=utf-8`.
///
/// ```swift
/// MIMEType.forPath("/app/main.wasm")  // "application/wasm"
/// MIMEType.forPath("index.html")      // "text/html; charset=utf-8"
/// MIMEType.forFileExtension("bin")    // "application/octet-stream"
/// ```
public enum MIMEType {
  /// The type sent for an extension nobody registered.
  public static let fallback = "application/octet-stream"

  /// Types by lower-case extension (without the dot).
  public static let byFileExtension: [String: String] = [
    "html": "text/html; charset=utf-8",
    "htm": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8",
    "wasm": "application/wasm",
    "json": "application/json",
    "map": "application/json",
    "svg": "image/svg+xml",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "ico": "image/x-icon",
    "txt": "text/plain; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "xml": "application/xml",
    "woff": "font/woff",
    "woff2": "font/woff2",
  ]

  /// The content type for a file extension, compared without regard to case.
  ///
  /// ```swift
  /// MIMEType.forFileExtension("CSS") // "text/css; charset=utf-8"
  /// ```
  public static func forFileExtension(_ fileExtension: String) -> String {
    byFileExtension[fileExtension.lowercased()] ?? fallback
  }

  /// The content type for a path, by the extension of its last component.
  ///
  /// ```swift
  /// MIMEType.forPath("/public/runtime.js") // "text/javascript; charset=utf-8"
  /// ```
  public static func forPath(_ path: String) -> String {
    let bytes = path.utf8
    guard let dot = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }),
      bytes[dot] == UInt8(ascii: "."), dot != bytes.startIndex,
      bytes[bytes.index(before: dot)] != UInt8(ascii: "/")
    else { return fallback }
    let fileExtension = String(Substring(bytes[bytes.index(after: dot)...]))
    // Lowercase extensions, nearly all of them, are found without lowercasing a copy.
    return byFileExtension[fileExtension] ?? forFileExtension(fileExtension)
  }
}
