import LiveSessions
import NavDOMCommandLine

/// `navdom serve`: the demo app through the command line every app gets (AppCommandLine);
/// `--demo likes` serves the shared-likes demo instead (LikesDemo, for several processes on
/// one Redis with `--redis`).
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var rest = arguments
    var app = DemoLiveApp.app
    if let index = rest.firstIndex(of: "--demo") {
      let name = index + 1 < rest.count ? rest[index + 1] : ""
      switch name {
      case "inventory": break
      case "likes": app = LikesDemo.app
      default:
        Console.error("--demo takes inventory or likes, not \"\(name)\"")
        return 2
      }
      rest.removeSubrange(index...min(index + 1, rest.count - 1))
    }
    return AppCommandLine.serve(app, arguments: rest)
  }
}
