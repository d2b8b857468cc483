import ContactsApp
import Foundation
import HTMLRenderer
import LiveSessions

// `Contacts render --route URL [--pretty]`: the full page a visitor to URL would get.

let usage = """
  usage: Contacts render --route URL [--pretty]
    Prints the page a visitor to URL gets (/, /add, /contacts/2, /contacts/2/edit).
  """

let app = LiveApp(title: "Contacts") { url in contactsSession(url: url) }

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data(("Contacts: " + message + "\n").utf8))
  exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "render" else {
  if arguments.first == "--help" || arguments.first == "help" {
    print(usage)
    exit(0)
  }
  fail(arguments.isEmpty ? "missing command\n" + usage : "unknown command \(arguments[0])\n" + usage, status: 2)
}
arguments.removeFirst()

var route: String?
var style = Serializer.Style.compact
var index = 0
while index < arguments.count {
  switch arguments[index] {
  case "--route":
    guard index + 1 < arguments.count else { fail("--route needs a URL, such as /contacts/2", status: 2) }
    route = arguments[index + 1]
    index += 2
    continue
  case "--pretty":
    style = .pretty
  default:
    fail("unknown option \(arguments[index])\n" + usage, status: 2)
  }
  index += 1
}
guard let route else { fail("render needs --route URL\n" + usage, status: 2) }
guard route.hasPrefix("/") else { fail("--route takes a path starting with /, such as /contacts/2", status: 2) }

do {
  guard let html = try app.renderPage(url: route, style: style) else {
    fail("the contacts app has no page at \(route)", status: 1)
  }
  FileHandle.standardOutput.write(Data((style == .pretty ? html : html + "\n").utf8))
} catch {
  fail("\(route): \(error)", status: 1)
}
