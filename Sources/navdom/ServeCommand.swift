import Foundation
import LiveSessions
import StaticServe

/// `navdom serve`: the demo app, live, with static files from the public folder; with `--wasm`
/// the same demo runs client-side from the WebAssembly module (first paint still from here).
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let valued: Set<String> = ["--host", "--port", "--public", "--wasm-module", "--allowed-host"]
    guard let options = Options(arguments, valued: valued, flags: ["--quiet", "--help", "--wasm"]) else {
      Console.error(Usage.serve)
      return 2
    }
    if options.flags.contains("--help") {
      print(Usage.serve)
      return 0
    }
    guard let port = options.integer("--port", default: 8080), port <= 65_535 else { return 2 }
    let host = options.values["--host"] ?? "127.0.0.1"
    let publicRoot = options.values["--public"] ?? "public"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: publicRoot, isDirectory: &isDirectory), isDirectory.boolValue else {
      Console.error("no public folder at \(publicRoot) (run from the repository root, or pass --public DIR)")
      return 1
    }
    let allowedHosts = options.repeated["--allowed-host"] ?? []
    for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == ":" || $0 == " " }) {
      Console.error("--allowed-host takes a host name such as navdom.lan or .lan, not \"\(name)\"")
      return 2
    }
    if host == "0.0.0.0" || host == "::" {
      Console.error(
        "navdom: warning: listening on every interface (\(host)): the app is reachable from the network. "
          + "Only requests for IP addresses, localhost and the names given with --allowed-host are answered.")
    }
    let configuration = ServerConfiguration(
      host: host, port: port, publicRoot: publicRoot, quiet: options.flags.contains("--quiet"),
      hostPolicy: HostPolicy(allowed: allowedHosts))
    var live: LiveServer?
    let router: HTTPServer.Router
    let mode: String
    if options.flags.contains("--wasm") {
      let modulePath = options.values["--wasm-module"] ?? ".build-wasm/navdom.wasm"
      let module: [UInt8]
      do {
        module = try WasmAppServer.loadModule(at: modulePath)
      } catch {
        Console.error(error.description)
        return 1
      }
      router = WasmAppServer(app: DemoLiveApp.app, module: module).router
      mode = "client-side from \(WasmAppServer.modulePath)"
    } else {
      let server = LiveServer(app: DemoLiveApp.app)
      live = server
      router = server.router
      mode = "live"
    }
    let server = HTTPServer(configuration: configuration, router: router)
    do {
      try server.start()
    } catch {
      Console.error("cannot serve on \(host):\(port): \(error)")
      return 1
    }
    live?.startPushing()
    let shownHost = host.contains(":") ? "[\(host)]" : host
    print("navdom: serving the demo at http://\(shownHost):\(server.port)/ (\(mode); Ctrl-C stops)")
    fflush(nil)
    do {
      try server.run()
    } catch {
      Console.error("server stopped: \(error)")
      live?.stop()
      return 1
    }
    live?.stop()
    return 0
  }
}
