/// An HTTP response status: the three-digit code and its reason phrase.
///
/// ```swift
/// let notFound = HTTPStatus.notFound
/// print(notFound.code, notFound.reasonPhrase) // 404 Not Found
/// let teapot = HTTPStatus(code: 418, reasonPhrase: "I'm a teapot")
/// ```
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
  /// The numeric status code, for example `200`.
  public var code: Int
  /// The reason phrase sent after the code, for example `"OK"`.
  public var reasonPhrase: String

  /// Creates a status from a code and an optional reason phrase.
  ///
  /// ```swift
  /// let created = HTTPStatus(code: 201) // reason phrase "Created"
  /// ```
  ///
  /// - Parameters:
  ///   - code: The three-digit status code.
  ///   - reasonPhrase: The phrase to send; the standard one for `code` when `nil`.
  public init(code: Int, reasonPhrase: String? = nil) {
    self.code = code
    self.reasonPhrase = reasonPhrase ?? HTTPStatus.standardReasonPhrase(for: code)
  }

  /// `"404 Not Found"`.
  public var description: String { "\(code) \(reasonPhrase)" }

  /// Whether a response with this status never carries a body (1xx, 204 and 304).
  ///
  /// ```swift
  /// HTTPStatus.notModified.forbidsBody // true
  /// ```
  public var forbidsBody: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

  public static let `continue` = HTTPStatus(code: 100)
  public static let ok = HTTPStatus(code: 200)
  public static let noContent = HTTPStatus(code: 204)
  public static let movedPermanently = HTTPStatus(code: 301)
  public static let notModified = HTTPStatus(code: 304)
  public static let badRequest = HTTPStatus(code: 400)
  public static let forbidden = HTTPStatus(code: 403)
  public static let notFound = HTTPStatus(code: 404)
  public static let methodNotAllowed = HTTPStatus(code: 405)
  public static let requestTimeout = HTTPStatus(code: 408)
  public static let lengthRequired = HTTPStatus(code: 411)
  public static let contentTooLarge = HTTPStatus(code: 413)
  public static let uriTooLong = HTTPStatus(code: 414)
  public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
  public static let internalServerError = HTTPStatus(code: 500)
  public static let notImplemented = HTTPStatus(code: 501)
  public static let serviceUnavailable = HTTPStatus(code: 503)
  public static let httpVersionNotSupported = HTTPStatus(code: 505)

  static func standardReasonPhrase(for code: Int) -> String {
    switch code {
    case 100: return "Continue"
    case 200: return "OK"
    case 201: return "Created"
    case 202: return "Accepted"
    case 204: return "No Content"
    case 206: return "Partial Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 303: return "See Other"
    case 304: return "Not Modified"
    case 307: return "Temporary Redirect"
    case 308: return "Permanent Redirect"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 409: return "Conflict"
    case 411: return "Length Required"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 415: return "Unsupported Media Type"
    case 422: return "Unprocessable Content"
    case 429: return "Too Many Requests"
    case 431: return "Request Header Fields Too Large"
    case 500: return "Internal Server Error"
    case 501: return "Not Implemented"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Status \(code)"
    }
  }
}
