import Foundation

/// Output helpers: results go to stdout, problems to stderr, so a failed command never leaves
/// half-valid output on stdout.
enum Console {
  static func error(_ message: String) {
    FileHandle.standardError.write(Data(("navdom-bench: " + message + "\n").utf8))
  }

  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func write(_ bytes: [UInt8]) {
    FileHandle.standardOutput.write(Data(bytes))
  }
}
