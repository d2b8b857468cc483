import HTMLRenderer
import LiveSessions
import RandomTrees
import VirtualDOM
import NavDOMCommandLine

/// `navdom random-cases`: random (old, new, patches) cases, as JSON lines, for the browser
/// runtime's round-trip test.
enum RandomCasesCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard let options = CommandLineOptions(arguments, valued: ["--count", "--seed"], flags: ["--help"]) else {
      Console.error(Usage.randomCases)
      return 2
    }
    if options.flags.contains("--help") {
      print(Usage.randomCases)
      return 0
    }
    guard let count = options.integer("--count", default: 300), let seed = options.integer("--seed", default: 1) else {
      return 2
    }
    var output = ""
    for index in 0..<count {
      // One seed per case, printed with it so a failing case can be replayed.
      let caseSeed = UInt64(seed) &* 1_000_003 &+ UInt64(index)
      var random = RandomTree(seed: caseSeed, includesProperties: false)
      let old = random.tree()
      let new = random.edit(old)
      do {
        var writer = JSONWriter()
        writer.raw("{\"seed\":"); writer.number(Int(truncatingIfNeeded: caseSeed))
        writer.key("old"); writer.string(try renderHTML(old))
        writer.key("new"); writer.string(try renderHTML(new))
        writer.key("patches"); WireFormat.write(diff(old, new), to: &writer)
        writer.key("oldTree"); writer.json(TreeFormat.encode(old))
        writer.key("newTree"); writer.json(TreeFormat.encode(new))
        writer.raw("}")
        output += writer.string + "\n"
      } catch {
        Console.error("case \(index): \(error)")
        return 1
      }
    }
    Console.write(output)
    return 0
  }
}
