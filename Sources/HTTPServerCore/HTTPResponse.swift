/// A response to send: status, headers and a body that is bytes, an open file or a stream.
///
/// The server adds `Content-Length` (or chunked framing for streams), `Date`, `Server` and
/// `Connection`; HEAD requests get the headers without the body.
///
/// ```swift
/// let server = HTTPServer(configuration: configuration) { request in
///   switch request.path {
///   case "/health": return .text("ok")
///   case "/": return .html("<!doctype html><title>Inventory</title><main>…</main>")
///   default: return nil // fall through to the static files
///   }
/// }
/// ```
public struct HTTPResponse: Sendable {
  /// What follows the header section.
  public enum Body: Sendable {
    /// Bytes sent with a `Content-Length`.
    case bytes([UInt8])
    /// An open file sent with a `Content-Length` of its size.
    case file(FileBody)
    /// A response that stays open: the server sends the header section, then calls the closure
    /// (on its event loop thread, so return quickly) with an `EventStream` that any thread may
    /// `send(_:)` to until it or the client closes. HTTP/1.1 clients get chunked framing.
    case stream(@Sendable (EventStream) -> Void)
    /// A response made later, off the event loop: the server calls the closure (on its event
    /// loop thread, so return quickly: hand the work to another thread) with a `complete`
    /// function that any thread calls once with the real response, or with `nil` to pass the
    /// request on to the static files. Only the first call counts. Until then the
    /// connection's later requests wait; other connections do not.
    case deferred(@Sendable (_ complete: @escaping @Sendable (HTTPResponse?) -> Void) -> Void)
  }

  /// The status line's status.
  public var status: HTTPStatus
  /// Header fields set by the handler.
  public var headers: HTTPHeaders
  /// The body.
  public var body: Body

  /// Creates a response.
  ///
  /// ```swift
  /// let created = HTTPResponse(status: HTTPStatus(code: 201), headers: ["Location": "/items/7"])
  /// ```
  public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response made later by `work` on a thread of its own choosing (see `Body.deferred`).
  ///
  /// ```swift
  /// return .deferred { complete in
  ///   queue.async { complete(.text(expensiveAnswer())) }
  /// }
  /// ```
  public static func deferred(
    _ work: @escaping @Sendable (_ complete: @escaping @Sendable (HTTPResponse?) -> Void) -> Void
  ) -> HTTPResponse {
    HTTPResponse(status: .ok, body: .deferred(work))
  }

  /// A `text/html; charset=utf-8` response.
  ///
  /// ```swift
  /// return .html("<!doctype html><h1>Hello</h1>")
  /// ```
  public static func html(_ markup: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Array(markup.utf8)))
  }

  /// A `text/plain; charset=utf-8` response.
  ///
  /// ```swift
  /// return .text("ok")
  /// ```
  public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Array(text.utf8)))
  }

  /// A Server-Sent Events response (`text/event-stream`, never cached) that stays open.
  ///
  /// ```swift
  /// return .eventStream { stream in
  ///   sessions.attach(stream)                       // keep it; send from any thread later
  ///   stream.onClose { sessions.detach(stream) }    // the browser went away
  ///   stream.send(event: "hello", data: "{}")
  /// }
  /// ```
  ///
  /// - Parameter onOpen: Called once the header section is queued, on the event loop thread.
  public static func eventStream(_ onOpen: @escaping @Sendable (EventStream) -> Void) -> HTTPResponse {
    HTTPResponse(
      status: .ok,
      headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache"],
      body: .stream(onOpen))
  }

  /// A small HTML page for an error status, with an optional detail line.
  ///
  /// ```swift
  /// return .error(.notFound)
  /// ```
  public static func error(_ status: HTTPStatus, detail: String? = nil) -> HTTPResponse {
    var markup = "<!doctype html>\n<html lang=\"en\"><meta charset=\"utf-8\"><title>\(status)</title>"
    markup += "<h1>\(status)</h1>"
    if let detail { markup += "<p>\(escapeHTML(detail))</p>" }
    markup += "</html>\n"
    return html(markup, status: status)
  }

  private static func escapeHTML(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
