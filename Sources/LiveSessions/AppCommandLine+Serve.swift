import Foundation
import StaticServe

extension AppCommandLine {
  /// `serve`: the app, live, with static files from the public folder; with `--wasm` the app
  /// runs client-side from its WebAssembly module (the first paint still comes from here).
  ///
  /// ```swift
  /// AppCommandLine.serve(app, arguments: ["--port", "8081", "--allowed-host", "devbox.lan"])
  /// ```
  public static func serve(_ app: LiveApp, arguments: [String]) -> Int32 {
    if arguments.contains("--watch") { return watch(arguments: arguments) }  // AppCommandLine+Watch.swift
    let arguments = naming(wasmModuleIn: arguments)
    var app = app
    let watchChannel = WatchChannel.forWatchedServer()
    if watchChannel != nil { app.watchStream = WatchChannel.endpoint }
    let valued: Set<String> = ["--host", "--port", "--public", "--wasm-module", "--allowed-host", "--latency"]
    guard let options = CommandLineOptions(arguments, valued: valued, flags: ["--quiet", "--help", "--wasm"]) else {
      return 2
    }
    if options.flags.contains("--help") {
      print(usage(app))
      return 0
    }
    if let extra = options.positional.first {
      CommandLineOptions.complain("serve takes only options, not \"\(extra)\" (\(program) serve --help lists them)")
      return 2
    }
    guard let port = options.integer("--port", default: 8080) else { return 2 }
    guard port <= 65_535 else {
      CommandLineOptions.complain("--port takes a port number from 1 to 65535 (0 picks a free one), not \(port)")
      return 2
    }
    var latency: SimulatedLatency?
    if let text = options.values["--latency"] {
      guard let delay = SimulatedLatency.parse(text) else {
        CommandLineOptions.complain("--latency takes a delay such as 300ms or 1s (at most 60s), not \"\(text)\"")
        return 2
      }
      latency = SimulatedLatency(delay: delay)
    }
    let host = options.values["--host"] ?? "127.0.0.1"
    // A public folder given with --public must exist; the default ./public is optional (an
    // app may have no files of its own: runtime.js comes with the library).
    var publicRoot: String? = options.values["--public"] ?? "public"
    var isDirectory: ObjCBool = false
    if let folder = publicRoot, !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
      guard options.values["--public"] == nil else {
        CommandLineOptions.complain("no public folder at \(folder) (pass --public DIR, or leave it out to serve no files)")
        return 1
      }
      publicRoot = nil
    }
    let allowedHosts = options.repeated["--allowed-host"] ?? []
    for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == ":" || $0 == " " }) {
      CommandLineOptions.complain("--allowed-host takes a host name such as navdom.lan or .lan, not \"\(name)\"")
      return 2
    }
    if host == "0.0.0.0" || host == "::" {
      CommandLineOptions.complain(
        "warning: listening on every interface (\(host)): the app is reachable from the network. "
          + "Only requests for IP addresses, localhost and the names given with --allowed-host are answered.")
    }
    let configuration = ServerConfiguration(
      host: host, port: port, publicRoot: publicRoot, quiet: options.flags.contains("--quiet"),
      hostPolicy: HostPolicy(allowed: allowedHosts))
    var live: LiveServer?
    let router: HTTPServer.Router
    let mode: String
    if options.flags.contains("--wasm") {
      let module: [UInt8]
      do {
        let modulePath = try options.values["--wasm-module"] ?? WasmModuleLocation.defaultPath(program: program).get()
        module = try WasmAppServer.loadModule(at: modulePath)
      } catch let error as WasmModuleError {
        CommandLineOptions.complain(error.description + "\n  " + WasmModuleLocation.advice(for: error, program: program))
        return 1
      } catch {
        CommandLineOptions.complain("cannot load the WebAssembly module: \(error)")
        return 1
      }
      if latency != nil {
        CommandLineOptions.complain(
          "warning: --latency delays the live server's answers; with --wasm events never reach the server "
            + "(navdom.enableLatencySim(300) in the browser's console delays them there)")
      }
      router = WasmAppServer(app: app, module: module).router
      mode = "client-side from \(WasmAppServer.modulePath)"
    } else {
      let server = LiveServer(app: app)
      live = server
      router = latency.map { $0.delaying(server.router) } ?? server.router
      mode = latency.map { "live, every event delayed \($0.delay)" } ?? "live"
    }
    let ownsIcon = publicRoot.map { FileManager.default.fileExists(atPath: $0 + "/favicon.ico") } ?? false
    var served = ownsIcon ? router : LibraryFiles.addingFavicon(to: router)
    if publicRoot == nil { served = MissingPublicFolder(folder: "public").reporting(in: served) }
    if let watchChannel { served = watchChannel.routing(served) }
    let server = HTTPServer(configuration: configuration, router: served)
    watchChannel?.listenToSupervisor { server.stop() }
    do {
      try server.start()
    } catch {
      CommandLineOptions.complain("cannot serve on \(host):\(port): \(error)")
      return 1
    }
    live?.startPushing()
    if let live { app.onServe?(live) }
    let shownHost = host.contains(":") ? "[\(host)]" : host
    print("\(program): serving \(app.title) at http://\(shownHost):\(server.port)/ (\(mode); Ctrl-C stops)")
    fflush(nil)
    do {
      try server.run()
    } catch {
      CommandLineOptions.complain("server stopped: \(error)")
      live?.stop()
      return 1
    }
    live?.stop()
    return 0
  }

  /// `--wasm MODULE` spelled as `--wasm --wasm-module MODULE`: the module path may follow
  /// `--wasm` directly (serve takes no other bare arguments, so a word after it is the path).
  static func naming(wasmModuleIn arguments: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < arguments.count {
      result.append(arguments[index])
      if arguments[index] == "--wasm", index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
        result += ["--wasm-module", arguments[index + 1]]
        index += 1
      }
      index += 1
    }
    return result
  }
}
