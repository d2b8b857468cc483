import Foundation
import HTMLRenderer
import StaticServe

/// Serves an app that runs client-side, from a WebAssembly module: every page is still rendered
/// on the server for the first paint (no session is kept), with `data-navdom-wasm` on the
/// container so runtime.js loads the module, which renders the same tree for the URL and takes
/// over (hydration, not a re-render). Events and the History API are then handled in the
/// browser. The module itself is served at ``modulePath``; everything else falls through to
/// static files.
///
/// ```swift
/// let module = try WasmAppServer.loadModule(at: ".build-wasm/navdom.wasm")
/// let wasm = WasmAppServer(app: inventoryApp, module: module)
/// let server = HTTPServer(configuration: ServerConfiguration(port: 8080), router: wasm.router)
/// try server.run()
/// ```
public struct WasmAppServer: Sendable {
  /// The URL the module is served at (`data-navdom-wasm` on every page).
  public static let modulePath = "/navdom.wasm"

  private let pages: @Sendable (String) -> HTTPResponse?
  private let module: [UInt8]
  private let gzippedModule: [UInt8]?
  /// The module's validators, one per representation: a reload revalidates with 304 instead
  /// of downloading the module again.
  private let moduleTag: String
  private let gzippedModuleTag: String

  /// - Parameters:
  ///   - app: The app; only its pages (``LiveApp/renderPage(url:style:)``) are used on the server.
  ///   - module: The module's bytes (``loadModule(at:)``).
  public init(app: LiveApp, module: [UInt8]) {
    self.module = module
    gzippedModule = Gzip.compress(module)
    moduleTag = EntityTag.of(module)
    gzippedModuleTag = EntityTag.of(module, suffix: "-gzip")
    // Each page is its own runtime, rendered on the thread that asks: pages render in parallel.
    pages = { url in
      switch app.startSession(url) {
      case .success(let session):
        return LivePage.response(app: app, session: session, sessionID: nil, wasmModule: WasmAppServer.modulePath)
      case .failure(let error):
        return LivePage.notFound(app: app, error: error)  // nil without one: the static files answer
      }
    }
  }

  /// The module's bytes, or why they cannot be served (missing file, not WebAssembly).
  public static func loadModule(at path: String) throws(WasmModuleError) -> [UInt8] {
    guard FileManager.default.fileExists(atPath: path) else { throw WasmModuleError(path: path, reason: "it does not exist", kind: .missing) }
    guard let data = FileManager.default.contents(atPath: path), data.count >= 4 else {
      throw WasmModuleError(path: path, reason: "it cannot be read", kind: .unreadable)
    }
    let bytes = [UInt8](data)
    guard bytes[0] == 0, bytes[1] == 0x61, bytes[2] == 0x73, bytes[3] == 0x6D else {
      throw WasmModuleError(path: path, reason: "it is not a WebAssembly module", kind: .notWebAssembly)
    }
    return bytes
  }

  /// The router to give `HTTPServer` (pages gzip'd for clients that accept it).
  public var router: HTTPServer.Router {
    PageCompression.compressing { [self] request in self.respond(to: request) }
  }

  func respond(to request: HTTPRequest) -> HTTPResponse? {
    guard request.method == .get || request.method == .head else { return nil }
    if let file = BuiltInFiles.response(to: request) { return file }
    if request.path == Self.modulePath { return moduleResponse(for: request) }
    if request.path.hasPrefix("/_navdom/") { return .error(.notFound, detail: "this server runs the app client-side") }
    return request.namesAFile ? nil : pages(request.appURL)
  }

  private func moduleResponse(for request: HTTPRequest) -> HTTPResponse {
    let gzipped = gzippedModule != nil && request.headers.hasToken("gzip", in: "Accept-Encoding")
    let tag = gzipped ? gzippedModuleTag : moduleTag
    var headers: HTTPHeaders = ["ETag": tag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"]
    if request.hasCurrentCopy(entityTag: tag) { return HTTPResponse(status: .notModified, headers: headers) }
    headers["Content-Type"] = "application/wasm"
    if gzipped { headers["Content-Encoding"] = "gzip" }
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(gzipped ? gzippedModule ?? module : module))
  }
}

/// Why the WebAssembly module cannot be served.
public struct WasmModuleError: Error, CustomStringConvertible {
  /// What went wrong, for the advice a command line gives.
  public enum Kind: Sendable {
    case missing, unreadable, notWebAssembly
  }

  public var path: String
  public var reason: String
  public var kind: Kind

  /// ```swift
  /// WasmModuleError(path: "app.wasm", reason: "it does not exist", kind: .missing)
  /// ```
  public init(path: String, reason: String, kind: Kind = .missing) {
    self.path = path
    self.reason = reason
    self.kind = kind
  }

  public var description: String { "no WebAssembly module at \(path): \(reason)" }
}
