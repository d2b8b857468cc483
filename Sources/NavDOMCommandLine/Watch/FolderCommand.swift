import Foundation
import StaticServe
import NavDOMSupport
import LiveSessions

/// A command run to its end in a folder, for `serve --watch`: a build (what it wrote is the
/// errors to show, both streams together) or a `swift package` query (its answer on standard
/// output, apart from what it says on standard error).
///
/// ```swift
/// let built = FolderCommand.run(["/usr/bin/env", "swift", "build"], in: "/home/me/Contacts")
/// if built.status != 0 { print(String(decoding: built.output, as: UTF8.self)) }
/// ```
enum FolderCommand {
  /// What it did: its exit status (127 when it could not start), its output, and its errors
  /// (in `output` unless `errorsApart`).
  struct Outcome: Sendable {
    var status: Int32
    var output: Data
    var errors = Data()
  }

  static func run(_ command: [String], in folder: String, errorsApart: Bool = false) -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    let errors = errorsApart ? Pipe() : output
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return Outcome(status: 127, output: Data("cannot run \(command.joined(separator: " ")): \(error)\n".utf8))
    }
    // Errors apart are read on another thread, so neither pipe can fill up and stall the command.
    let errorText = Locked(Data())
    let read = DispatchSemaphore(value: 0)
    if errorsApart {
      Thread {
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        errorText.withLock { $0 = data }
        read.signal()
      }.start()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if errorsApart { read.wait() }
    return Outcome(status: process.terminationStatus, output: data, errors: errorText.withLock { $0 })
  }
}
