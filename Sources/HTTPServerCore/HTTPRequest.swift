/// A complete HTTP request as the parser produced it: method, target, headers and body.
///
/// ```swift
/// let server = HTTPServer(configuration: configuration) { request in
///   guard request.method == .post, request.path == "/events" else { return nil }
///   print(request.bodyText)       // the event payload
///   return HTTPResponse(status: .noContent)
/// }
/// ```
public struct HTTPRequest: Hashable, Sendable {
  /// The request method.
  public var method: HTTPMethod
  /// The request target exactly as sent, for example `/search?q=a%20b`.
  public var target: String
  /// The path part of the target, still percent-encoded, for example `/search`.
  /// For an absolute-form target (`http://host/a`) this is the path (`/a`); for `*` it is `*`.
  public var path: String
  /// The query after `?`, still percent-encoded, or `nil` when there is none.
  public var query: String?
  /// The protocol version from the request line.
  public var version: HTTPVersion
  /// The header fields in the order sent.
  public var headers: HTTPHeaders
  /// The body bytes (empty unless the request carried a `Content-Length`).
  public var body: [UInt8]

  /// Creates a request; mostly useful for calling handlers directly in tests.
  ///
  /// ```swift
  /// let request = HTTPRequest(method: .get, target: "/index.html", headers: ["Host": "localhost"])
  /// let response = handler.response(to: request)
  /// ```
  public init(
    method: HTTPMethod,
    target: String,
    version: HTTPVersion = .http1_1,
    headers: HTTPHeaders = HTTPHeaders(),
    body: [UInt8] = []
  ) {
    self.method = method
    self.target = target
    self.version = version
    self.headers = headers
    self.body = body
    let bytes = target.utf8
    let fragment = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
    let question = bytes[..<fragment].firstIndex(of: UInt8(ascii: "?"))
    var pathBytes = bytes[..<(question ?? fragment)]
    query = question.map { String(Substring(bytes[bytes.index(after: $0)..<fragment])) }
    if pathBytes.first != UInt8(ascii: "/") && pathBytes.count > 1 {
      // absolute-form: http://host/path -> /path
      let text = Array(pathBytes)
      var index = 0
      while index + 2 < text.count && !(text[index] == 0x3A && text[index + 1] == 0x2F && text[index + 2] == 0x2F) {
        index += 1
      }
      if index + 2 < text.count {
        let authorityStart = pathBytes.index(pathBytes.startIndex, offsetBy: index + 3)
        if let slash = pathBytes[authorityStart...].firstIndex(of: UInt8(ascii: "/")) {
          pathBytes = pathBytes[slash...]
          path = String(Substring(pathBytes))
        } else {
          path = "/"
        }
        return
      }
    }
    path = String(Substring(pathBytes))
  }

  /// The body decoded as UTF-8 (invalid sequences replaced).
  ///
  /// ```swift
  /// let payload = request.bodyText // "{\"handler\":3}"
  /// ```
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// Whether the connection may carry another request after this one's response: HTTP/1.1
  /// unless `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
  ///
  /// ```swift
  /// HTTPRequest(method: .get, target: "/", version: .http1_0).keepsConnectionAlive // false
  /// ```
  public var keepsConnectionAlive: Bool {
    if headers.hasToken("close", in: "Connection") { return false }
    if version.major == 1 && version.minor == 0 {
      return headers.hasToken("keep-alive", in: "Connection")
    }
    return true
  }
}
