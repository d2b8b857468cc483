@_exported import HTTPServerCore

extension HTTPServer {
  /// A server that runs `router` first, then serves the static files of
  /// `configuration.publicRoot` (none when it is `nil`).
  ///
  /// ```swift
  /// let server = HTTPServer(configuration: ServerConfiguration(port: 8080, publicRoot: "public"))
  /// try server.run()
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: Where to listen, what to serve, limits and timeouts.
  ///   - router: Runs first for every request; `nil` from it falls through to the static files.
  public convenience init(configuration: ServerConfiguration, router: Router? = nil) {
    self.init(configuration: configuration, router: router, fallback: StaticFileHandler.fallback)
  }
}

extension StaticFileHandler {
  /// The public folder's files as a server's fallback; no fallback without a folder.
  @Sendable static func fallback(_ configuration: ServerConfiguration) throws(ServerError) -> HTTPServer.Router? {
    guard let root = configuration.publicRoot else { return nil }
    let files = try StaticFileHandler(publicRoot: root)
    return { request in files.response(to: request) }
  }
}
