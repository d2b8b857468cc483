import HTMLRenderer
import LiveSessions
import VirtualDOM
import NavDOMCommandLine

/// `navdom diff OLD NEW`: the patches between two JSON trees.
enum DiffCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard let options = CommandLineOptions(arguments, valued: ["--format"], flags: ["--help"]) else {
      Console.error(Usage.diff)
      return 2
    }
    if options.flags.contains("--help") {
      print(Usage.diff)
      return 0
    }
    let format = options.values["--format"] ?? "json"
    guard format == "json" || format == "text" else {
      Console.error("--format is json or text, not \"\(format)\"")
      return 2
    }
    guard options.positional.count == 2 else {
      Console.error("diff takes two files, OLD and NEW\n\n" + Usage.diff)
      return 2
    }
    var trees: [[Node]] = []
    for path in options.positional {
      guard let input = Console.read(path) else { return 1 }
      do {
        let nodes = try TreeFormat.parse(input)
        // Names and raw text are checked as the renderer would, so no patch carries bad markup.
        _ = try renderHTML(nodes)
        trees.append(nodes)
      } catch {
        Console.error("\(path): \(error)")
        return 1
      }
    }
    var duplicateKey: String? = nil
    let before = MountedTree(trees[0])
    var mounted = before
    let patches = mounted.update(to: trees[1], options: DiffOptions { key in duplicateKey = duplicateKey ?? key })
    if let duplicateKey {
      Console.error("warning: siblings share the key \"\(duplicateKey)\"; later ones are treated as new nodes")
    }
    if format == "text" {
      for line in PatchDescription.lines(for: patches, before: before) { Console.write(line + "\n") }
    } else {
      Console.write(WireFormat.encode(patches) + "\n")
    }
    return 0
  }
}
