import ContactsApp
import Foundation
import LiveSessions

// The Contacts app's command line, the one every navdom app gets:
//   Contacts serve [--port 8080] [--allowed-host NAME]... [--wasm ...]
//   Contacts render --route /contacts/2/edit [--pretty]
let app = LiveApp(title: "Contacts") { url in contactsSession(url: url) }
exit(AppCommandLine.run(app, arguments: Array(CommandLine.arguments.dropFirst())))
