import Foundation
import StaticServe

/// One `swift package` subcommand that answers in JSON (`show-dependencies --format json`,
/// `describe --type json`), run in a package's folder for `serve --watch`: what it printed, or
/// what it said on failing (a manifest that does not build, no `swift` on the PATH).
///
/// ```swift
/// let description = SwiftPackageQuery.run(["describe", "--type", "json"], in: "/home/me/Contacts")
/// ```
enum SwiftPackageQuery {
  /// Its standard output when it succeeds, else its errors (a second or two: SwiftPM reads the
  /// manifests).
  static func run(_ arguments: [String], in packageRoot: String) -> Result<Data, Failure> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(Failure(reason: "cannot run swift package \(arguments[0]): \(error)"))
    }
    // Errors are read on another thread, so neither pipe can fill up and stall SwiftPM.
    let errorText = Locked(Data())
    let read = DispatchSemaphore(value: 0)
    Thread {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorText.withLock { $0 = data }
      read.signal()
    }.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    read.wait()
    guard process.terminationStatus == 0 else {
      let said = String(decoding: errorText.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return .failure(Failure(reason: said.isEmpty ? "swift package \(arguments[0]) failed" : said))
    }
    return .success(data)
  }

  /// Why the query has no answer.
  struct Failure: Error {
    var reason: String
  }
}
