import LiveSessions
import NavDOMCommandLine

/// `navdom serve`: the demo app through the command line every app gets (AppCommandLine).
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    AppCommandLine.serve(DemoLiveApp.app, arguments: arguments)
  }
}
