import StaticServe

/// gzip for the pages an app renders (HTML made per request, so the static files' cache of
/// compressed copies does not apply): a 2.5 KB page goes out as about 1 KB.
enum PageCompression {
  /// `router`, its HTML answers (made now or later, `.deferred`) compressed for clients that
  /// accept gzip.
  static func compressing(_ router: @escaping HTTPServer.Router) -> HTTPServer.Router {
    { request in router(request).map { compressed($0, for: request) } }
  }

  static func compressed(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    switch response.body {
    case .deferred(let work):
      return .deferred { complete in work { made in complete(made.map { compressed($0, for: request) }) } }
    case .bytes:
      guard response.headers["Content-Type"]?.hasPrefix("text/html") == true else { return response }
      return response.compressed(for: request)
    case .file, .stream:
      return response
    }
  }
}
