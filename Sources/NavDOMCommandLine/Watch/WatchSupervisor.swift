import Foundation
import LiveSessions
import NavDOMSupport

/// `serve --watch`: runs the app's server as a child process, polls the sources of the package
/// and of its path dependencies (``SourceSnapshot``, ``PathDependencies``) every 300 ms, and on
/// a change rebuilds (with `--wasm`, the module too: ``WasmRebuild``); a build that succeeds replaces
/// the server (stopped, then the fresh executable started on the same port, so open pages
/// reload at their URL), a build that fails leaves the running server alone and shows the
/// compiler's errors in the terminal and in open pages (``WatchChannel``).
///
/// ```swift
/// AppCommandLine.serve(app, arguments: ["--watch", "--port", "8080"])   // never returns on its own
/// ```
final class WatchSupervisor {
  private let options: WatchOptions
  private let executable: String
  private var server: Process?
  private var toServer: FileHandle?
  /// The roots of the packages the app depends on by path, found again when a manifest changes.
  private var dependencies: [String] = []
  /// With `--wasm`: the module to serve, and how to rebuild it (nil when no product builds it).
  private var wasmModule: String?
  private var wasmRebuild: WasmRebuild?
  /// With `--wasm`: the development build the plugin last ran, which the watcher runs itself.
  private var recipe: WasmRebuild.Recipe?
  /// When the running server started, and whether one that stops on its own is started again.
  private var serverStarted = Date()
  private var crashRestarts = CrashRestarts()
  private static let pollInterval = 0.3

  init(options: WatchOptions, executable: String) {
    self.options = options
    self.executable = executable
  }

  /// The path of the running executable (rebuilt in place by `swift build`).
  static var runningExecutable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  /// Watches until interrupted. Returns the first server's exit status when it stops on its
  /// own at once (bad arguments, `--help`), 1 when it cannot be started.
  func run() -> Int32 {
    // A server that exits while a state is written to it must not end the watcher (SIGPIPE).
    signal(SIGPIPE, SIG_IGN)
    say("watching \(options.packageRoot) (Package.swift and Sources/); a saved change rebuilds with \(options.buildDescription)")
    findDependencies()
    if options.wasm != nil { guard prepareWasm() else { return 1 } }
    // Taken before the server starts: a change saved while it starts is seen.
    var snapshot = SourceSnapshot(packageRoot: options.packageRoot, dependencies: dependencies)
    guard startServer() else { return 1 }
    // Bad arguments (or --help): the first server says why and stops; so does the watcher.
    Thread.sleep(forTimeInterval: 0.5)
    if let server, !server.isRunning { return server.terminationStatus }
    while true {
      Thread.sleep(forTimeInterval: Self.pollInterval)
      restartIfStopped()
      let now = SourceSnapshot(packageRoot: options.packageRoot, dependencies: dependencies)
      guard now != snapshot else { continue }
      let changed = snapshot.changes(to: now)
      snapshot = now
      say("changed: \(changed.prefix(3).joined(separator: ", "))\(changed.count > 3 ? " and \(changed.count - 3) more" : ""); rebuilding")
      tellServer(["state": "building"])
      if SourceSnapshot.includesManifest(changed) {
        findDependencies()
        snapshot = SourceSnapshot(packageRoot: options.packageRoot, dependencies: dependencies)
        recipe = nil  // the plugin builds the module again, from the new manifest
      }
      rebuild()
    }
  }

  /// The path dependencies, watched too (``PathDependencies``); on failure the ones known stay.
  private func findDependencies() {
    switch PathDependencies.discover(packageRoot: options.packageRoot) {
    case .success(let roots):
      if roots != dependencies && !roots.isEmpty {
        say("watching path dependencies too: \(roots.joined(separator: ", ")) (Package.swift and Sources/)")
      }
      dependencies = roots
    case .failure(let failure):
      say("cannot list the package's path dependencies, so only its own sources are watched: \(failure.reason)")
    }
  }

  /// With `--wasm`: finds the module and the product that builds it, and builds the module
  /// first when there is none. False when that build fails (the watcher stops).
  private func prepareWasm() -> Bool {
    let names = options.wasm?.product == nil ? executableProducts() : []
    let product = WasmRebuild.product(
      named: options.wasm?.product, module: options.wasm?.module, program: AppCommandLine.program, executables: names)
    wasmModule = WasmRebuild.modulePath(named: options.wasm?.module, program: AppCommandLine.program, product: product)
    guard let product, let wasmModule else {
      say("--wasm: no executable product of this package is named for the module (looked for the module's name and "
        + "\(AppCommandLine.program)Wasm; it has \(names.joined(separator: ", "))), so a save restarts the server with the "
        + "module as it is; name it with --wasm-product NAME to rebuild it too")
      return true
    }
    let rebuild = WasmRebuild(product: product, module: wasmModule)
    wasmRebuild = rebuild
    recipe = WasmRebuild.Recipe(packageRoot: options.packageRoot, product: product)
    say("--wasm: a saved change also rebuilds \(wasmModule) with \(rebuild.description) "
      + "(a development build: no LTO, no size optimiser; `swift package build-wasm` makes the release module)")
    guard !FileManager.default.fileExists(atPath: wasmModule) else { return true }
    say("there is no module yet; building it first")
    guard buildModule() else {
      say("without a module there is nothing to serve: fix the build above and start again")
      return false
    }
    return true
  }

  /// The package's executable products (`swift package describe`), or none after saying why.
  private func executableProducts() -> [String] {
    switch SwiftPackageQuery.run(["describe", "--type", "json"], in: options.packageRoot) {
    case .success(let data): return WasmRebuild.executableProducts(inDescription: data) ?? []
    case .failure(let failure):
      say("--wasm: cannot list the package's products to find the one that builds the module: \(failure.reason)")
      return []
    }
  }

  /// The server's build, then the module's (both at once when the module's recipe is known);
  /// builds that succeed restart the server.
  private func rebuild() {
    if let wasmRebuild, let recipe {
      guard buildTogether(wasmRebuild, recipe) else { return }
    } else {
      guard build(options.buildCommand, options.buildDescription) else { return }
      if wasmRebuild != nil {
        guard buildModule() else { return }
      }
    }
    say("restarting the server")
    stopServer()
    crashRestarts.reset()
    _ = startServer()
  }

  /// Rebuilds the WebAssembly module with the plugin (``WasmRebuild``), and learns its recipe;
  /// a failure is shown as a build's is.
  private func buildModule() -> Bool {
    guard let wasmRebuild else { return true }
    say("rebuilding the WebAssembly module with \(wasmRebuild.description)")
    // The pages say what they wait for (a few seconds more than the server's build).
    tellServer(["state": "building", "detail": "Rebuilding the WebAssembly module…"])
    guard build(wasmRebuild.command, wasmRebuild.description) else { return false }
    recipe = WasmRebuild.Recipe(packageRoot: options.packageRoot, product: wasmRebuild.product)
    return true
  }

  /// The server's build on another thread while this one runs the module's recipe, then each
  /// reported as ``build(_:_:)`` reports it. A module that does not build this way goes through
  /// the plugin again (its messages are the clearer: an import Embedded Swift lacks, say).
  private func buildTogether(_ wasmRebuild: WasmRebuild, _ recipe: WasmRebuild.Recipe) -> Bool {
    tellServer(["state": "building", "detail": "Rebuilding the server and the WebAssembly module…"])
    let server = Locked<TimedBuild?>(nil)
    let serverBuilt = DispatchSemaphore(value: 0)
    let command = options.buildCommand
    let root = options.packageRoot
    Thread {
      server.withLock { $0 = TimedBuild(command, in: root) }
      serverBuilt.signal()
    }.start()
    var module = TimedBuild(recipe.command, in: root)
    serverBuilt.wait()
    guard let serverBuild = server.withLock({ $0 }), report(serverBuild, options.buildDescription) else { return false }
    if module.outcome.status == 0, let problem = recipe.install(at: wasmRebuild.module) {
      module.outcome = FolderCommand.Outcome(status: 1, output: Data(problem.utf8))
    }
    guard module.outcome.status == 0 else {
      say("\(recipe.summary) failed (\(module.seconds) s); building it with the plugin")
      self.recipe = nil
      return buildModule()
    }
    return report(module, recipe.summary)
  }

  /// A command run to its end, and how long it took.
  private struct TimedBuild: Sendable {
    var outcome: FolderCommand.Outcome
    var seconds: String

    init(_ command: [String], in folder: String) {
      let started = Date()
      outcome = FolderCommand.run(command, in: folder)
      seconds = String(format: "%.1f", Date().timeIntervalSince(started))
    }
  }

  /// Runs a build, timed; a failure's output goes to the terminal and to open pages.
  private func build(_ command: [String], _ description: String) -> Bool {
    report(TimedBuild(command, in: options.packageRoot), description)
  }

  /// Says how a build went; a failure's output goes to the terminal and to open pages.
  private func report(_ build: TimedBuild, _ description: String) -> Bool {
    let (status, log, seconds) = (build.outcome.status, String(decoding: build.outcome.output, as: UTF8.self), build.seconds)
    guard status == 0 else {
      FileHandle.standardError.write(Data(log.utf8))
      say("\(description) failed (\(seconds) s); the server runs the last build until a change builds")
      tellServer(["state": "failed", "log": "\(description) failed:\n\n" + log])
      return false
    }
    say("built in \(seconds) s (\(description))")
    return true
  }

  /// A server that stopped on its own (it crashed) is started again at once, not at the next
  /// save, unless it keeps stopping as soon as it starts (``CrashRestarts``).
  private func restartIfStopped() {
    guard let server, !server.isRunning else { return }
    let how = server.terminationReason == .uncaughtSignal
      ? "was killed by signal \(server.terminationStatus)" : "exited with status \(server.terminationStatus)"
    self.server = nil
    try? toServer?.close()
    toServer = nil
    guard crashRestarts.restarts(afterRunning: Date().timeIntervalSince(serverStarted)) else {
      say("the server \(how) again right after it started; a saved change starts it again")
      return
    }
    say("the server \(how); starting it again")
    _ = startServer()
  }

  /// Starts the server with the watched marker in its environment and a pipe on its input.
  private func startServer() -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = options.serverArguments + (wasmModule.map { ["--wasm-module", $0] } ?? [])
    var environment = ProcessInfo.processInfo.environment
    environment[WatchChannel.environmentKey] = "1"
    process.environment = environment
    let input = Pipe()
    process.standardInput = input
    do {
      try process.run()
    } catch {
      CommandLineOptions.complain("cannot start \(executable): \(error)")
      return false
    }
    server = process
    serverStarted = Date()
    toServer = input.fileHandleForWriting
    return true
  }

  /// SIGTERM, and waits for the server to go (its port is free again).
  private func stopServer() {
    guard let server else { return }
    try? toServer?.close()
    toServer = nil
    if server.isRunning { server.terminate() }
    // A server that does not stop within 3 s (an app's own threads holding on) is killed.
    let deadline = Date().addingTimeInterval(3)
    while server.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if server.isRunning { kill(server.processIdentifier, SIGKILL) }
    server.waitUntilExit()
    self.server = nil
  }

  /// One line of JSON to the running server, which passes it on to open pages.
  private func tellServer(_ message: [String: String]) {
    guard let toServer, let json = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]) else { return }
    try? toServer.write(contentsOf: json + Data("\n".utf8))
  }

  private func say(_ message: String) {
    CommandLineOptions.complain("watch: " + message)
  }
}
