import Foundation
import LiveSessions
import NavDOMCommandLine
import TodoMVCApp

// TodoMVC's command line, the one every navdom app gets:
//   TodoMVC serve [--port 8080] [--wasm MODULE] ...
//   TodoMVC render --route /active [--pretty]
// Its stylesheet is TodoMVC's own (public/), so navdom's base stylesheet is left out.
var app = LiveApp(title: "TodoMVC", stylesheets: ["/todomvc-app-css.css", "/app.css"], startSession: startTodoMVC)
app.linksNavigationStylesheet = false
exit(AppCommandLine.run(app, arguments: Array(CommandLine.arguments.dropFirst())))
