// A tiny executable for Scripts/bench-serve.sh: serves a directory with StaticServe until
// SIGINT/SIGTERM. Compiled by the script with swiftc together with Sources/StaticServe/*.swift
// (so `StaticServe` types are in this module; no import needed).
//
//   serve-bench --root DIR [--host 127.0.0.1] [--port 8081] [--loops N] [--quiet]
import Glibc

var arguments = CommandLine.arguments.dropFirst()
var configuration = ServerConfiguration(port: 8081, publicRoot: ".")
while let argument = arguments.popFirst() {
  switch argument {
  case "--root": configuration.publicRoot = arguments.popFirst()
  case "--host": configuration.host = arguments.popFirst() ?? "127.0.0.1"
  case "--port": configuration.port = Int(arguments.popFirst() ?? "") ?? 8081
  case "--loops": configuration.eventLoopCount = Int(arguments.popFirst() ?? "") ?? 1
  case "--quiet": configuration.quiet = true
  default:
    fputs("unknown argument \(argument)\n", stderr)
    exit(2)
  }
}
let server = HTTPServer(configuration: configuration) { request in
  guard request.path == "/__ticks" else { return nil }
  return .eventStream { stream in
    stream.send(event: "tick", data: "0")
    stream.close()
  }
}
do {
  try server.start()
  print("serving \(configuration.publicRoot ?? "-") on http://\(configuration.host):\(server.port)/")
  fflush(stdout)
  try server.run()
  print("stopped")
} catch {
  fputs("serve-bench: \(error)\n", stderr)
  exit(1)
}
