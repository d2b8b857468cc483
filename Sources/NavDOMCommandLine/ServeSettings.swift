import Foundation
import StaticServe
import LiveSessions

/// `serve`'s options read and checked: where to listen, what to serve, what to simulate. A
/// mistake is reported on stderr in words a user can act on, and ends `serve` with its status.
struct ServeSettings {
  var host: String
  var port: Int
  var publicRoot: String?
  var allowedHosts: [String]
  var latency: SimulatedLatency?
  var quiet: Bool
  /// The Redis server the app's ``PubSub/shared`` goes through (`--redis URL`, or the
  /// NAVDOM_REDIS_URL environment variable), for several processes on several machines.
  var redis: RedisAddress?

  /// The settings, or the status `serve` exits with.
  enum Reading {
    case settings(ServeSettings)
    case exit(Int32)
  }

  /// Connects to the Redis server of ``redis`` and makes it the engine of ``PubSub/shared``;
  /// `false` after saying why (the server cannot be reached, refused to log in, is not Redis,
  /// or the app used `PubSub.shared` before `serve` could choose).
  func chooseEngine() -> Bool {
    guard let redis else { return true }
    do {
      let engine = try RedisPubSubEngine(address: redis)
      guard PubSub.chooseSharedEngine(engine) else {
        CommandLineOptions.complain("--redis: the app used PubSub.shared before serve started; make its SharedState lazily (a static let)")
        return false
      }
      return true
    } catch {
      CommandLineOptions.complain("--redis: \(error)")
      return false
    }
  }

  var configuration: ServerConfiguration {
    ServerConfiguration(
      host: host, port: port, publicRoot: publicRoot, quiet: quiet, hostPolicy: HostPolicy(allowed: allowedHosts))
  }

  static func read(_ options: CommandLineOptions, program: String) -> Reading {
    if let extra = options.positional.first {
      CommandLineOptions.complain("serve takes only options, not \"\(extra)\" (\(program) serve --help lists them)")
      return .exit(2)
    }
    guard let port = options.integer("--port", default: 8080) else { return .exit(2) }
    guard port <= 65_535 else {
      CommandLineOptions.complain("--port takes a port number from 1 to 65535 (0 picks a free one), not \(port)")
      return .exit(2)
    }
    var latency: SimulatedLatency?
    if let text = options.values["--latency"] {
      guard let delay = SimulatedLatency.parse(text) else {
        CommandLineOptions.complain("--latency takes a delay such as 300ms or 1s (at most 60s), not \"\(text)\"")
        return .exit(2)
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
        return .exit(1)
      }
      publicRoot = nil
    }
    let allowedHosts = options.repeated["--allowed-host"] ?? []
    for name in allowedHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == ":" || $0 == " " }) {
      CommandLineOptions.complain("--allowed-host takes a host name such as navdom.lan or .lan, not \"\(name)\"")
      return .exit(2)
    }
    if host == "0.0.0.0" || host == "::" {
      CommandLineOptions.complain(
        "warning: listening on every interface (\(host)): the app is reachable from the network. "
          + "Only requests for IP addresses, localhost and the names given with --allowed-host are answered.")
    }
    var redis: RedisAddress?
    if let url = options.values["--redis"] ?? ProcessInfo.processInfo.environment["NAVDOM_REDIS_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
      do {
        redis = try RedisAddress(url)
      } catch {
        CommandLineOptions.complain("--redis: \(error)")
        return .exit(2)
      }
    }
    return .settings(
      ServeSettings(
        host: host, port: port, publicRoot: publicRoot, allowedHosts: allowedHosts, latency: latency,
        quiet: options.flags.contains("--quiet"), redis: redis))
  }
}
