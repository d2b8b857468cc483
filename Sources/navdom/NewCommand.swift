import Foundation

/// `navdom new NAME [--path DIR] [--navdom PATH]`: scaffolds an app package (NewTemplates):
/// a portable app target, its server and WebAssembly executables, tests with a snapshot, and a
/// README with the two commands. It builds, tests, serves and builds its module as generated
/// (Tests/cli/test_new.sh does each).
enum NewCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var name: String?
    var folder: String?
    var navdom = defaultNavdomPath
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--help", "-h":
        print(Usage.new)
        return 0
      case "--path", "--navdom":
        guard index + 1 < arguments.count else {
          Console.error("\(argument) needs a value\n\n" + Usage.new)
          return 2
        }
        if argument == "--path" { folder = arguments[index + 1] } else { navdom = arguments[index + 1] }
        index += 1
      default:
        guard name == nil, !argument.hasPrefix("-") else {
          Console.error("unexpected argument \"\(argument)\"\n\n" + Usage.new)
          return 2
        }
        name = argument
      }
      index += 1
    }
    guard let name else {
      Console.error("navdom new needs the app's name\n\n" + Usage.new)
      return 2
    }
    guard isTypeName(name) else {
      Console.error("\"\(name)\" is not a name for an app: a letter first, then letters and digits (it names Swift types and targets), e.g. Notebook")
      return 1
    }
    return write(name: name, into: folder ?? name, navdom: absolute(navdom))
  }

  /// Writes the package into `folder`, which must not exist or be empty.
  static func write(name: String, into folder: String, navdom: String) -> Int32 {
    let files = FileManager.default
    if let existing = try? files.contentsOfDirectory(atPath: folder), !existing.isEmpty {
      Console.error("\(folder) already exists and is not empty; nothing was written")
      return 1
    }
    guard files.fileExists(atPath: navdom + "/Package.swift") else {
      Console.error("\(navdom) is not navdom's package (no Package.swift); give its path with --navdom")
      return 1
    }
    do {
      for file in NewTemplates.files(name: name, navdom: navdom) {
        let path = folder + "/" + file.path
        try files.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
      }
    } catch {
      Console.error("could not write \(folder): \(error.localizedDescription)")
      return 1
    }
    print("navdom new: wrote \(name) into \(folder)")
    print("  cd \(folder) && swift run \(name) serve")
    print("  swift package --allow-writing-to-package-directory build-wasm --product \(name)Wasm")
    return 0
  }

  /// A letter first, then ASCII letters and digits.
  static func isTypeName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
    return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
  }

  static func absolute(_ path: String) -> String {
    let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    return url.standardizedFileURL.path
  }

  /// The navdom checkout this command was built from (Sources/navdom/ is two folders down).
  static var defaultNavdomPath: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
  }
}
