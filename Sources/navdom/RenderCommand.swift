import HTMLRenderer
import LiveSessions
import VirtualDOM
import NavDOMCommandLine

/// `navdom render`: a JSON tree (or the demo app at a URL) to HTML on stdout.
enum RenderCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard let options = CommandLineOptions(arguments, valued: ["--route"], flags: ["--pretty", "--document", "--help"]) else {
      Console.error(Usage.render)
      return 2
    }
    if options.flags.contains("--help") {
      print(Usage.render)
      return 0
    }
    let style: Serializer.Style = options.flags.contains("--pretty") ? .pretty : .compact
    if options.values["--route"] != nil {
      return AppCommandLine.render(DemoLiveApp.app, arguments: arguments)  // the demo at a URL
    }
    guard options.positional.count == 1 else {
      Console.error("render takes one FILE (or - for stdin)\n\n" + Usage.render)
      return 2
    }
    let path = options.positional[0]
    guard let input = Console.read(path) else { return 1 }
    do {
      let nodes = try TreeFormat.parse(input)
      var serializer = Serializer(style: style, capacity: input.count * 2)
      if options.flags.contains("--document") {
        guard nodes.count == 1 else {
          Console.error("\(path): --document needs a single root element (normally <html>)")
          return 1
        }
        try serializer.writeDocument(nodes[0])
      } else {
        try serializer.write(nodes)
      }
      Console.write(serializer.bytes)
      return 0
    } catch {
      // TreeFormat.Error and RenderError both describe what and where.
      Console.error("\(path): \(error)")
    }
    return 1
  }
}
