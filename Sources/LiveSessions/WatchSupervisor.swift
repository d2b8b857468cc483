import Foundation

/// `serve --watch`: runs the app's server as a child process, polls the package's sources
/// (``SourceSnapshot``) every 300 ms, and on a change rebuilds; a build that succeeds replaces
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
    // Taken before the server starts: a change saved while it starts is seen.
    var snapshot = SourceSnapshot(packageRoot: options.packageRoot)
    guard startServer() else { return 1 }
    // Bad arguments (or --help): the first server says why and stops; so does the watcher.
    Thread.sleep(forTimeInterval: 0.5)
    if let server, !server.isRunning { return server.terminationStatus }
    while true {
      Thread.sleep(forTimeInterval: Self.pollInterval)
      let now = SourceSnapshot(packageRoot: options.packageRoot)
      guard now != snapshot else { continue }
      let changed = snapshot.changes(to: now)
      snapshot = now
      say("changed: \(changed.prefix(3).joined(separator: ", "))\(changed.count > 3 ? " and \(changed.count - 3) more" : ""); rebuilding")
      tellServer(["state": "building"])
      rebuild()
    }
  }

  private func rebuild() {
    let started = Date()
    let (status, log) = build()
    let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
    guard status == 0 else {
      FileHandle.standardError.write(Data(log.utf8))
      say("the build failed (\(seconds) s); the server runs the last build until a change builds")
      tellServer(["state": "failed", "log": log])
      return
    }
    say("built in \(seconds) s; restarting the server")
    stopServer()
    _ = startServer()
  }

  /// Runs the build in the package root; its status and everything it wrote.
  private func build() -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: options.buildCommand[0])
    process.arguments = Array(options.buildCommand.dropFirst())
    process.currentDirectoryURL = URL(fileURLWithPath: options.packageRoot)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return (127, "cannot run \(options.buildDescription): \(error)\n")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Starts the server with the watched marker in its environment and a pipe on its input.
  private func startServer() -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = options.serverArguments
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
