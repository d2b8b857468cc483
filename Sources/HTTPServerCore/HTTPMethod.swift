/// A request method, such as `GET` or `POST`; any token is representable.
///
/// ```swift
/// let method = HTTPMethod(rawValue: "GET")
/// method == .get        // true
/// HTTPMethod(rawValue: "BREW").isStandard // false
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method token exactly as sent (methods are case-sensitive).
  public var rawValue: String

  /// Creates a method from its token.
  ///
  /// ```swift
  /// let purge = HTTPMethod(rawValue: "PURGE")
  /// ```
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let get = HTTPMethod(rawValue: "GET")
  public static let head = HTTPMethod(rawValue: "HEAD")
  public static let post = HTTPMethod(rawValue: "POST")
  public static let put = HTTPMethod(rawValue: "PUT")
  public static let delete = HTTPMethod(rawValue: "DELETE")
  public static let patch = HTTPMethod(rawValue: "PATCH")
  public static let options = HTTPMethod(rawValue: "OPTIONS")
  public static let trace = HTTPMethod(rawValue: "TRACE")
  public static let connect = HTTPMethod(rawValue: "CONNECT")

  /// The methods defined by RFC 9110 and RFC 5789 (PATCH).
  public static let standardMethods: Set<HTTPMethod> = [
    .get, .head, .post, .put, .delete, .patch, .options, .trace, .connect,
  ]

  /// Whether this is a method the HTTP specifications define; the server answers other methods
  /// with 501 Not Implemented and these, when a handler does not support them, with 405.
  ///
  /// ```swift
  /// HTTPMethod.delete.isStandard // true
  /// ```
  public var isStandard: Bool { HTTPMethod.standardMethods.contains(self) }

  /// `"GET"`.
  public var description: String { rawValue }
}
