import FixtureApp
import Foundation
import LiveSessions
import NavDOMCommandLine

// `WatchFixture serve --watch`: the command line every navdom app gets.
let app = LiveApp(title: "Watch fixture") { url in greetingSession(url: url) }
exit(AppCommandLine.run(app, arguments: Array(CommandLine.arguments.dropFirst())))
