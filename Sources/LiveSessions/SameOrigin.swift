import StaticServe

extension HTTPRequest {
  /// Why an event or a stream subscription from another site is refused: a browser names the
  /// page that made a request in `Origin`, and only the app's own pages may act in a session.
  /// `nil` (served) when there is no `Origin` (tools, tests, HTTP clients) or when its host
  /// and port are this request's `Host` (the scheme is not compared: a proxy in front may
  /// speak HTTPS to the browser and HTTP to us).
  ///
  /// ```swift
  /// if let refusal = request.crossOriginRefusal { return refusal }
  /// ```
  var crossOriginRefusal: HTTPResponse? {
    guard let origin = headers["Origin"] else { return nil }
    let host = headers["Host"]?.lowercased()
    if let separator = origin.range(of: "://"), let host, origin[separator.upperBound...].lowercased() == host {
      return nil
    }
    return LiveServer.failure(
      .forbidden, "refused: this request comes from a page of another site (Origin: \(origin)), not from \(host ?? "this server")")
  }
}
