import Foundation

/// Runs navdom-bench itself again, as a child process that writes to the same standard output and
/// error.
enum ChildProcess {
  /// Runs this executable with `arguments` and waits for it; returns its exit status, or nil
  /// (after saying why on stderr) when it could not be started.
  ///
  /// ```swift
  /// let status = ChildProcess.runSelf(["diff-scaling", "--operation", "swapRows"])
  /// ```
  static func runSelf(_ arguments: [String]) -> Int32? {
    let process = Process()
    // Linux's name for the running executable, wherever it was started from.
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = arguments
    do {
      try process.run()
    } catch {
      Console.error("cannot run navdom-bench \(arguments.joined(separator: " ")): \(error)")
      return nil
    }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
