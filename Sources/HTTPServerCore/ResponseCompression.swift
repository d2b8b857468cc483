/// gzip for responses made in memory (pages, JSON replies), as the static files already get it.
extension HTTPResponse {
  /// This response with its body gzip-compressed when `request` accepts gzip, the body is in
  /// memory, at least `minimumBytes` long, not encoded already, and compression makes it
  /// smaller; otherwise the response as it is. `Vary: Accept-Encoding` tells caches the body
  /// depends on that header.
  ///
  /// ```swift
  /// return HTTPResponse.html(page).compressed(for: request)   // 2.5 KB of HTML goes out as ~1 KB
  /// ```
  public func compressed(for request: HTTPRequest, minimumBytes: Int = 256) -> HTTPResponse {
    guard case .bytes(let bytes) = body, bytes.count >= minimumBytes, headers["Content-Encoding"] == nil,
      request.headers.hasToken("gzip", in: "Accept-Encoding"),
      let smaller = Gzip.compress(bytes), smaller.count < bytes.count
    else { return self }
    var response = self
    response.body = .bytes(smaller)
    response.headers.replaceOrAdd(name: "Content-Encoding", value: "gzip")
    response.headers.replaceOrAdd(name: "Vary", value: "Accept-Encoding")
    return response
  }
}
