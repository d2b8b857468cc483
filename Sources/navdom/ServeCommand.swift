import Foundation
import LiveSessions
import StaticServe

/// `navdom serve`: the demo app, live, with static files from the public folder.
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard let options = Options(arguments, valued: ["--host", "--port", "--public"], flags: ["--quiet", "--help"]) else {
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
    let live = LiveServer(app: DemoLiveApp.app)
    let configuration = ServerConfiguration(
      host: host, port: port, publicRoot: publicRoot, quiet: options.flags.contains("--quiet"))
    let server = HTTPServer(configuration: configuration, router: live.router)
    do {
      try server.start()
    } catch {
      Console.error("cannot serve on \(host):\(port): \(error)")
      return 1
    }
    live.startPushing()
    let shownHost = host.contains(":") ? "[\(host)]" : host
    print("navdom: serving the demo at http://\(shownHost):\(server.port)/ (Ctrl-C stops)")
    fflush(stdout)
    do {
      try server.run()
    } catch {
      Console.error("server stopped: \(error)")
      live.stop()
      return 1
    }
    live.stop()
    return 0
  }
}
