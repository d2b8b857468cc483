import Foundation
import HTMLRenderer
import StaticServe
import LiveSessions

/// The command line every navdom app gets: `serve` (live, or client-side with `--wasm`),
/// `render --route URL`, `runtime [--output FILE]`, and `--help`, with clear errors for unknown flags and bad values. A
/// user's executable is a few lines:
///
/// ```swift
/// import LiveSessions
///
/// let app = LiveApp(title: "Contacts", stylesheets: ["/app.css"]) { url in contactsSession(url: url) }
/// exit(AppCommandLine.run(app, arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
///
/// Exit status: 0 on success, 1 on bad input (a page the app does not have, a missing
/// folder), 2 on bad usage.
public enum AppCommandLine {
  /// Runs the verb `arguments` begins with.
  ///
  /// ```swift
  /// AppCommandLine.run(app, arguments: ["render", "--route", "/contacts/2", "--pretty"])
  /// ```
  public static func run(_ app: LiveApp, arguments: [String]) -> Int32 {
    let rest = Array(arguments.dropFirst())
    switch arguments.first {
    case "serve": return serve(app, arguments: rest)
    case "render": return render(app, arguments: rest)
    case "runtime": return runtime(arguments: rest)
    case "--help", "-h", "help", nil:
      print(usage(app))
      return arguments.isEmpty ? 2 : 0
    case let verb?:
      CommandLineOptions.complain("unknown command \"\(verb)\"\n\n" + usage(app))
      return 2
    }
  }

  /// What the commands are, for `--help`.
  public static func usage(_ app: LiveApp) -> String {
    """
    usage: \(program) serve [--host 127.0.0.1] [--port 8080] [--public public] [--quiet]
                        [--allowed-host NAME]... [--wasm [MODULE]] [--latency 300ms] [--watch]
                        [--redis redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]]
           \(program) render --route URL [--pretty]
           \(program) runtime [--output FILE]

    serve: \(app.title), live: every URL renders on the server (deep links work without
      script), browser events come back as patches, files in the public folder are served
      as they are (/runtime.js and /navdom.css come from the library, whatever it holds).
        --host H     the address to listen on (default 127.0.0.1)
        --port N     the port (default 8080; 0 picks a free one)
        --public DIR the static files (default ./public)
        --quiet      no log line per request
        --allowed-host NAME  also answer requests for NAME (a proxy's or a LAN name; .lan
                     admits every name under lan); by default only IP addresses, localhost
                     and names under .localhost are answered (DNS rebinding); repeatable
        --wasm [MODULE]  run the app client-side: pages are still rendered here for the
                     first paint, then the WebAssembly module takes over in the browser;
                     MODULE defaults to what the build-wasm plugin writes:
                     .build-wasm/\(program).wasm, .build-wasm/\(program)Wasm.wasm, or the only
                     module in .build-wasm (build it with swift package
                     --allow-writing-to-package-directory build-wasm --product YOUR_WASM_PRODUCT;
                     --wasm-module MODULE says the same)
        --latency D  delay every event's answer by D (300ms, 1s), as on a slow
                     connection, to see pending states (data-navdom-pending); live only
        --redis URL  share PubSub.shared (SharedState, app-wide messages, visitors' state)
                     with every process on the same Redis server (docs/DEPLOYMENT.md);
                     NAVDOM_REDIS_URL says the same
        --watch      rebuild when a file of the app's package or of a package it depends
                     on by path changes (Package.swift, Sources/), restart on the same port,
                     and reload open pages; a failed build shows its errors here and in the
                     pages, the old server keeps running. --package-path DIR (default: the
                     folder with Package.swift at or above this one), --build-command CMD
                     (default swift build --product \(program)); with --wasm the module is
                     rebuilt too (the build-wasm plugin), --wasm-product NAME (default the
                     module's name, or \(program)Wasm)
    render: the full page a visitor to URL gets, on standard output (--pretty indents it).
    runtime: the browser runtime pages load from /runtime.js, on standard output or into FILE,
      for a server that serves the static files itself (nginx, a CDN).
    """
  }

  static var program: String {
    (CommandLine.arguments.first ?? "app").split(separator: "/").last.map(String.init) ?? "app"
  }

  /// `render --route URL [--pretty]`.
  public static func render(_ app: LiveApp, arguments: [String]) -> Int32 {
    guard let options = CommandLineOptions(arguments, valued: ["--route"], flags: ["--pretty", "--help"]) else {
      return 2
    }
    if options.flags.contains("--help") {
      print(usage(app))
      return 0
    }
    guard let route = options.values["--route"], options.positional.isEmpty else {
      CommandLineOptions.complain("render takes --route URL, such as --route /")
      return 2
    }
    guard route.hasPrefix("/") else {
      CommandLineOptions.complain("--route takes a path starting with /, such as /items/1")
      return 2
    }
    let style: Serializer.Style = options.flags.contains("--pretty") ? .pretty : .compact
    do {
      guard let html = try app.renderPage(url: route, style: style) else {
        // The routes' reason (closest pattern, failing segment) when the app gives one.
        if case .failure(let error) = app.startSession(route), !error.reason.isEmpty {
          CommandLineOptions.complain("the app has no page at \(route): \(error.reason)")
        } else {
          CommandLineOptions.complain("the app has no page at \(route)")
        }
        return 1
      }
      FileHandle.standardOutput.write(Data((style == .pretty ? html : html + "\n").utf8))
      return 0
    } catch {
      CommandLineOptions.complain("\(route): \(error)")
      return 1
    }
  }
}
