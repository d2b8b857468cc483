import Foundation
import LiveSessions

extension AppCommandLine {
  /// `serve --watch [--package-path DIR] [--build-command CMD]`: serves the app as `serve` does
  /// and rebuilds it when a source file of its package changes (``WatchSupervisor``).
  ///
  /// ```swift
  /// AppCommandLine.watch(arguments: ["--watch", "--port", "8080", "--quiet"])
  /// ```
  static func watch(arguments: [String]) -> Int32 {
    let executable = WatchSupervisor.runningExecutable
    guard let options = WatchOptions(arguments, program: program, executable: executable) else { return 2 }
    return WatchSupervisor(options: options, executable: executable).run()
  }
}
