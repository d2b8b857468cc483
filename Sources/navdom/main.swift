import Foundation
import LiveSessions
import NavDOMCommandLine

// navdom: render, diff and serve (the benchmarks are in Benchmarks/). Each command lives in its own file; this file only
// picks one. Exit status: 0 on success, 1 on bad input, 2 on bad usage.

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "--help"
let rest = Array(arguments.dropFirst())

let status: Int32
switch command {
case "render": status = RenderCommand.run(rest)
case "diff": status = DiffCommand.run(rest)
case "bench":
  // The benchmarks moved to their own package (Benchmarks/); say where.
  let asked = rest.contains("--help") || rest.contains("-h")
  if asked { print(Usage.bench) } else { Console.error(Usage.bench) }
  status = asked ? 0 : 2
case "random-cases": status = RandomCasesCommand.run(rest)
case "serve": status = ServeCommand.run(rest)
case "demo-trace": status = DemoTraceCommand.run(rest)
case "runtime": status = AppCommandLine.runtime(arguments: rest)
case "--help", "-h", "help":
  print(Usage.main)
  status = 0
default:
  Console.error("unknown command \"\(command)\"\n\n" + Usage.main)
  status = 2
}
exit(status)
