import Foundation

/// Output helpers: results go to stdout, problems to stderr, so a failed command never leaves
/// half-valid output on stdout.
enum Console {
  static func error(_ message: String) {
    FileHandle.standardError.write(Data(("navdom: " + message + "\n").utf8))
  }

  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func write(_ bytes: [UInt8]) {
    FileHandle.standardOutput.write(Data(bytes))
  }

  /// Reads a file, or standard input for `-`.
  static func read(_ path: String) -> [UInt8]? {
    if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
    guard let data = FileManager.default.contents(atPath: path) else {
      error("cannot read \(path)")
      return nil
    }
    return Array(data)
  }
}

/// Minimal option parsing: `--name value`, `--flag`, and positional arguments.
struct Options {
  var positional: [String] = []
  var values: [String: String] = [:]
  /// Every value of each option, in order, for options that may repeat.
  var repeated: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Parses `arguments`; `valued` names the options that take a value. Returns nil (after
  /// printing why) on an unknown option or a missing value.
  init?(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--") {
        if valued.contains(argument) {
          guard index + 1 < arguments.count else {
            Console.error("\(argument) needs a value")
            return nil
          }
          values[argument] = arguments[index + 1]
          repeated[argument, default: []].append(arguments[index + 1])
          index += 2
          continue
        }
        guard allowedFlags.contains(argument) else {
          Console.error("unknown option \(argument)")
          return nil
        }
        flags.insert(argument)
      } else {
        positional.append(argument)
      }
      index += 1
    }
  }

  func integer(_ name: String, default value: Int) -> Int? {
    guard let text = values[name] else { return value }
    guard let number = Int(text), number >= 0 else {
      Console.error("\(name) takes a whole number, not \"\(text)\"")
      return nil
    }
    return number
  }
}
