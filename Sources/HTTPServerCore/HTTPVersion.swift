/// The protocol version named on a request line, `HTTP/1.0` or `HTTP/1.1`.
///
/// ```swift
/// let version = HTTPVersion.http1_1
/// print(version) // HTTP/1.1
/// ```
public struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
  /// The major version, `1` for every request this server accepts.
  public var major: Int
  /// The minor version, `0` or `1`.
  public var minor: Int

  /// Creates a version from its two numbers.
  ///
  /// ```swift
  /// let version = HTTPVersion(major: 1, minor: 0)
  /// ```
  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// `HTTP/1.0`: connections close after each response unless the client asks to keep them.
  public static let http1_0 = HTTPVersion(major: 1, minor: 0)
  /// `HTTP/1.1`: connections stay open unless either side says `Connection: close`.
  public static let http1_1 = HTTPVersion(major: 1, minor: 1)

  /// `"HTTP/1.1"`.
  public var description: String { "HTTP/\(major).\(minor)" }
}
