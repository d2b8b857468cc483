import Foundation
import LiveSessions

/// Command-line options as navdom's commands read them: `--name value`, `--flag`, and
/// positional arguments. Unknown options and missing values are refused with a message.
///
/// ```swift
/// guard let options = CommandLineOptions(["serve", "--port", "8081"], valued: ["--port"], flags: ["--quiet"]) else {
///   exit(2)
/// }
/// options.integer("--port", default: 8080)   // 8081
/// ```
public struct CommandLineOptions {
  /// The arguments that are not options, in order.
  public var positional: [String] = []
  /// The last value of each valued option given.
  public var values: [String: String] = [:]
  /// Every value of each option, in order, for options that may repeat.
  public var repeated: [String: [String]] = [:]
  /// The flags given.
  public var flags: Set<String> = []

  /// Parses `arguments`; `valued` names the options that take a value. Returns nil (after
  /// writing why to standard error) on an unknown option or a missing value.
  ///
  /// ```swift
  /// let options = CommandLineOptions(["--pretty"], valued: [], flags: ["--pretty"])
  /// ```
  public init?(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--") {
        if valued.contains(argument) {
          guard index + 1 < arguments.count else {
            CommandLineOptions.complain("\(argument) needs a value")
            return nil
          }
          values[argument] = arguments[index + 1]
          repeated[argument, default: []].append(arguments[index + 1])
          index += 2
          continue
        }
        guard allowedFlags.contains(argument) else {
          CommandLineOptions.complain("unknown option \(argument)")
          return nil
        }
        flags.insert(argument)
      } else {
        positional.append(argument)
      }
      index += 1
    }
  }

  /// The whole number given for `name`, `value` when it was not given, or nil (after saying
  /// why) when it is not a whole number of at least 0.
  ///
  /// ```swift
  /// options.integer("--port", default: 8080)
  /// ```
  public func integer(_ name: String, default value: Int) -> Int? {
    guard let text = values[name] else { return value }
    guard let number = Int(text), number >= 0 else {
      CommandLineOptions.complain("\(name) takes a whole number, not \"\(text)\"")
      return nil
    }
    return number
  }

  /// Writes a line to standard error, prefixed with the program's name.
  public static func complain(_ message: String) {
    let program = (CommandLine.arguments.first ?? "navdom").split(separator: "/").last.map(String.init) ?? "navdom"
    FileHandle.standardError.write(Data((program + ": " + message + "\n").utf8))
  }
}
