import ContactsApp
import Foundation
import LiveSessions
import NavDOMCommandLine
import VirtualDOM

// The Contacts app's command line, the one every navdom app gets:
//   Contacts serve [--port 8080] [--allowed-host NAME]... [--wasm ...]
//   Contacts render --route /contacts/2/edit [--pretty]
var app = LiveApp(title: "Contacts") { url in startContacts(url: url) }
// URLs the app does not have get its own 404 page (saying why in debug builds).
app.notFound = { reason in
  fragment {
    h1 { "Page not found" }
    p { "The address book has no page at this address." }
    if let reason { p(.class("route-error")) { reason } }
    p { a(.href("/")) { "Back to the contacts" } }
  }
}
exit(AppCommandLine.run(app, arguments: Array(CommandLine.arguments.dropFirst())))
