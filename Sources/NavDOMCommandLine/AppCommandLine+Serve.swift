import Foundation
import StaticServe
import LiveSessions

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
    let valued: Set<String> = ["--host", "--port", "--public", "--wasm-module", "--allowed-host", "--latency", "--redis"]
    guard let options = CommandLineOptions(arguments, valued: valued, flags: ["--quiet", "--help", "--wasm"]) else {
      return 2
    }
    if options.flags.contains("--help") {
      print(usage(app))
      return 0
    }
    let settings: ServeSettings
    switch ServeSettings.read(options, program: program) {
    case .settings(let read): settings = read
    case .exit(let status): return status
    }
    guard settings.chooseEngine() else { return 1 }
    let routing: (router: HTTPServer.Router, live: LiveServer?, mode: String)
    switch appRouter(app, options: options, latency: settings.latency) {
    case .success(let made): routing = made
    case .failure(let status): return status.code
    }
    let ownsIcon = settings.publicRoot.map { FileManager.default.fileExists(atPath: $0 + "/favicon.ico") } ?? false
    var served = ownsIcon ? routing.router : LibraryFiles.addingFavicon(to: routing.router)
    if settings.publicRoot == nil { served = MissingPublicFolder(folder: "public").reporting(in: served) }
    if let watchChannel { served = watchChannel.routing(served) }
    let server = HTTPServer(configuration: settings.configuration, router: served)
    watchChannel?.listenToSupervisor { server.stop() }
    return run(server, app: app, live: routing.live, mode: routing.mode, host: settings.host)
  }

  /// An exit status as an error, for a `Result` that ends `serve` early.
  struct ExitStatus: Error {
    let code: Int32
  }

  /// What answers requests: the live server, or in `--wasm` mode the app's module and first
  /// paints; with the mode `serve` announces. A module that cannot be loaded ends `serve`.
  static func appRouter(
    _ app: LiveApp, options: CommandLineOptions, latency: SimulatedLatency?
  ) -> Result<(router: HTTPServer.Router, live: LiveServer?, mode: String), ExitStatus> {
    guard options.flags.contains("--wasm") else {
      let server = LiveServer(app: app)
      let router = latency.map { $0.delaying(server.router) } ?? server.router
      return .success((router, server, latency.map { "live, every event delayed \($0.delay)" } ?? "live"))
    }
    let module: [UInt8]
    do {
      let modulePath = try options.values["--wasm-module"] ?? WasmModuleLocation.defaultPath(program: program).get()
      module = try WasmAppServer.loadModule(at: modulePath)
    } catch let error as WasmModuleError {
      CommandLineOptions.complain(error.description + "\n  " + WasmModuleLocation.advice(for: error, program: program))
      return .failure(ExitStatus(code: 1))
    } catch {
      CommandLineOptions.complain("cannot load the WebAssembly module: \(error)")
      return .failure(ExitStatus(code: 1))
    }
    if latency != nil {
      CommandLineOptions.complain(
        "warning: --latency delays the live server's answers; with --wasm events never reach the server "
          + "(navdom.enableLatencySim(300) in the browser's console delays them there)")
    }
    return .success((WasmAppServer(app: app, module: module).router, nil, "client-side from \(WasmAppServer.modulePath)"))
  }

  /// Starts `server`, says where it listens, and serves until it stops; the exit status.
  static func run(_ server: HTTPServer, app: LiveApp, live: LiveServer?, mode: String, host: String) -> Int32 {
    do {
      try server.start()
    } catch {
      CommandLineOptions.complain("cannot serve on \(host):\(server.configuration.port): \(error)")
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
