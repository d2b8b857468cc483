import Foundation
import LiveSessions
import NavDOMCommandLine
import TodoMVCApp
import VirtualDOM

// TodoMVC's command line, the one every navdom app gets:
//   TodoMVC serve [--port 8080] [--wasm MODULE] ...
//   TodoMVC render --route /active [--pretty]
// Its stylesheet is TodoMVC's own (public/), so navdom's base stylesheet is left out.
var app = LiveApp(title: "TodoMVC", stylesheets: ["/todomvc-app-css.css", "/app.css"], startSession: startTodoMVC)
app.linksNavigationStylesheet = false
// The template's page: the app in a plain <div> (not navdom's default <main id="app">), and the
// framework named on <html> as TodoMVC's examples do.
app.container = LiveApp.Container("div", attributes: [Attribute("id", "app")])
app.htmlAttributes = [Attribute("lang", "en"), Attribute("data-framework", "navdom")]
exit(AppCommandLine.run(app, arguments: Array(CommandLine.arguments.dropFirst())))
