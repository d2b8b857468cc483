import Foundation
import StaticServe
import LiveSessions

/// What `serve --watch` reads from its arguments: the package to watch, how to build it, and
/// the arguments of the server it runs (the same, minus the watcher's own options, on a fixed port).
///
/// ```swift
/// let options = WatchOptions(["--watch", "--port", "8080", "--quiet"], program: "Contacts")
/// options?.serverArguments   // ["serve", "--port", "8080", "--quiet"]
/// ```
struct WatchOptions {
  /// The folder with the app's `Package.swift`.
  var packageRoot: String
  /// The build, run in `packageRoot`: `swift build --product PROGRAM` by default.
  var buildCommand: [String]
  /// How the build reads in the log (`swift build --product Contacts`).
  var buildDescription: String
  /// The server's arguments, starting with `serve`.
  var serverArguments: [String]
  /// The port every server listens on (a free one picked once when `--port 0`).
  var port: Int
  /// With `--wasm`: the module the server serves when named (`--wasm MODULE`), and the product
  /// that builds it when named (`--wasm-product NAME`); ``WasmRebuild`` finds what is not.
  var wasm: (module: String?, product: String?)?

  /// The options, or nil after saying why (exit status 2).
  init?(_ arguments: [String], program: String, executable: String) {
    var rest: [String] = []
    var buildCommand: String?
    var packagePath: String?
    var wasmModule: String?
    var wasmProduct: String?
    var port = 8080
    var host = "127.0.0.1"
    var index = 0
    let arguments = AppCommandLine.naming(wasmModuleIn: arguments)
    while index < arguments.count {
      let argument = arguments[index]
      let takesValue = ["--build-command", "--package-path", "--port", "--host", "--wasm-module", "--wasm-product"]
        .contains(argument)
      if takesValue && index + 1 >= arguments.count {
        CommandLineOptions.complain("\(argument) needs a value")
        return nil
      }
      let value = takesValue ? arguments[index + 1] : ""
      switch argument {
      case "--watch": break
      case "--build-command": buildCommand = value
      case "--package-path": packagePath = value
      case "--wasm-product": wasmProduct = value
      case "--wasm-module": wasmModule = value  // the watcher gives the server its full path
      case "--port":
        guard let number = Int(value), (0...65_535).contains(number) else {
          CommandLineOptions.complain("--port takes a port number from 1 to 65535 (0 picks a free one), not \(value)")
          return nil
        }
        port = number
      default:
        rest.append(argument)
        if takesValue { rest.append(value) }  // --host: the server's too
      }
      if argument == "--host" { host = value }
      index += takesValue ? 2 : 1
    }
    let start = packagePath ?? FileManager.default.currentDirectoryPath
    guard let root = SourceSnapshot.packageRoot(from: start) else {
      CommandLineOptions.complain(
        "--watch rebuilds the app's package, but there is no Package.swift in \(start) or above "
          + "(run it in the package, or pass --package-path DIR)")
      return nil
    }
    guard let port = port == 0 ? Self.freePort(host: host) : port else {
      CommandLineOptions.complain("cannot find a free port on \(host)")
      return nil
    }
    if wasmProduct != nil && !rest.contains("--wasm") {
      CommandLineOptions.complain("--wasm-product names the product that builds the --wasm module; there is no --wasm")
      return nil
    }
    packageRoot = root
    self.port = port
    serverArguments = ["serve", "--port", String(port)] + rest
    wasm = rest.contains("--wasm") ? (wasmModule, wasmProduct) : nil
    (self.buildCommand, buildDescription) = Self.build(buildCommand, program: program, executable: executable)
  }

  /// The build to run and how the log names it: `custom` through the shell, or `swift build`
  /// of the program's product in the configuration the running executable was built in.
  static func build(_ custom: String?, program: String, executable: String) -> ([String], String) {
    if let custom { return (["/bin/sh", "-c", custom], custom) }
    // .build/release/APP: release; .build/debug/APP (or anything else): the default, debug.
    let configuration = URL(fileURLWithPath: executable).deletingLastPathComponent().lastPathComponent
    let release = configuration == "release" ? ["-c", "release"] : []
    let words = ["swift", "build", "--product", program] + release
    return (["/usr/bin/env"] + words, words.joined(separator: " "))
  }

  /// A port nobody listens on now, for every server the watcher starts (`--port 0`).
  static func freePort(host: String) -> Int? {
    let probe = HTTPServer(configuration: ServerConfiguration(host: host, port: 0, publicRoot: nil))
    guard (try? probe.start()) != nil else { return nil }
    defer { probe.stop() }
    return probe.port
  }
}
