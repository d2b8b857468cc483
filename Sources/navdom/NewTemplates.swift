/// The files `navdom new NAME` writes, with `NAME` and the path to navdom filled in: a portable
/// app target (model, routes, view, session function), the server executable, the WebAssembly
/// executable, Swift tests with a snapshot, and a README with the two commands.
enum NewTemplates {
  /// Each file's path in the package and its text, for an app `name` depending on navdom at
  /// `navdom` (a path).
  static func files(name: String, navdom: String) -> [(path: String, text: String)] {
    [
      ("Package.swift", package),
      ("README.md", readme),
      (".gitignore", ".build/\n.build-wasm/\n.swiftpm/\n"),
      ("Sources/NAMEApp/NAMEModel.swift", model),
      ("Sources/NAMEApp/NAMEView.swift", view),
      ("Sources/NAMEApp/NAMESession.swift", session),
      ("Sources/NAME/main.swift", server),
      ("Sources/NAMEWasm/main.swift", wasm),
      ("Tests/NAMEAppTests/NAMEAppTests.swift", tests),
      // The list's snapshot as the generated view renders it: the tests pass as generated, and
      // a change to the view shows as a diff to review.
      ("Tests/NAMEAppTests/__Snapshots__/NAMEAppTests/list.html", listSnapshot),
    ].map { path, text in
      (fill(path, name: name, navdom: navdom), fill(text, name: name, navdom: navdom))
    }
  }

  static func fill(_ text: String, name: String, navdom: String) -> String {
    text.replacingOccurrences(of: "NAVDOM_PATH", with: navdom).replacingOccurrences(of: "NAME", with: name)
  }

  static let package = """
    // swift-tools-version: 6.0
    import PackageDescription

    // NAME: a navdom app. NAMEApp is portable (it builds natively and for WebAssembly); NAME
    // serves it live; NAMEWasm runs it in the browser (built by navdom's build-wasm plugin).
    let package = Package(
      name: "NAME",
      products: [
        .executable(name: "NAME", targets: ["NAME"]),
        .executable(name: "NAMEWasm", targets: ["NAMEWasm"]),
      ],
      dependencies: [
        // navdom is not in a registry: a path (or a git URL) to its checkout.
        .package(name: "navdom", path: "NAVDOM_PATH")
      ],
      targets: [
        .target(
          name: "NAMEApp",
          dependencies: [
            .product(name: "NavigationCore", package: "navdom"),
            .product(name: "VirtualDOM", package: "navdom"),
          ]),
        .executableTarget(
          name: "NAME",
          dependencies: [
            "NAMEApp",
            .product(name: "LiveSessions", package: "navdom"),
            .product(name: "NavDOMCommandLine", package: "navdom"),
          ]),
        .executableTarget(
          name: "NAMEWasm",
          dependencies: ["NAMEApp", .product(name: "NavigationWasm", package: "navdom")]),
        .testTarget(
          name: "NAMEAppTests",
          dependencies: [
            "NAMEApp",
            .product(name: "NavigationCore", package: "navdom"),
            .product(name: "NavigationTesting", package: "navdom"),
          ],
          exclude: ["__Snapshots__"]),
      ],
      swiftLanguageModes: [.v6]
    )

    """

  static let readme = """
    # NAME

    A [navdom](NAVDOM_PATH) app: a list of notes, each with a page of its own (`/notes/2`).

    Live, rendered on the server, each visitor's session there:

        swift run NAME serve

    In the browser, as a WebAssembly module:

        swift package --allow-writing-to-package-directory build-wasm --product NAMEWasm
        swift run NAME serve --wasm .build-wasm/NAMEWasm.wasm

    Then open http://localhost:8080/. `swift test` runs the tests; a snapshot that differs
    fails with a diff (`NAVDOM_RECORD_SNAPSHOTS=1 swift test` records the new one).

    """

  static let model = """
    import NavigationCore

    /// A note of the list.
    public struct Note: Sendable {
      public var id: Int
      public var title: String
    }

    /// A page of the stack: a note's page.
    public enum Route: Hashable, Sendable {
      case note(Int)
    }

    /// The app's state: the notes and the stack's path. `@Observed` properties re-render what
    /// reads them.
    public final class NAMEModel {
      @Observed public var notes = [Note(id: 1, title: "Hello"), Note(id: 2, title: "navdom")]
      @Observed public var path = UINavigationPath()

      public init() {}

      static let pages = NavigationRoutes([
        NavigationRoute(
          "notes/:id", Route.self,
          parse: { parameters, below in below == nil ? parameters.int("id").map(Route.note) : nil },
          print: { if case .note(let id) = $0 { [String(id)] } else { nil } })
      ])

      /// Every URL of the app: `/` and `/notes/ID`; a note that is not there is a 404.
      public var routes: AppRoutes {
        AppRoutes(
          path: $path, pages: Self.pages,
          refuse: { [self] path in
            guard case .note(let id)? = path.elements.first?.value(as: Route.self), note(id) == nil else { return nil }
            return "there is no note \\(id)"
          })
      }

      public func note(_ id: Int) -> Note? {
        for note in notes where note.id == id { return note }
        return nil
      }
    }

    """

  static let view = """
    import NavigationCore
    import VirtualDOM

    /// The list of notes, and a page per note.
    public func NAMEView(_ model: NAMEModel) -> Node {
      NavigationStack(routes: model.routes) {
        main {
          h1 { "NAME" }
          ul {
            for note in model.notes {
              li { NavigationLink(value: Route.note(note.id)) { note.title } }
            }
          }
        }
        .navigationDestination(for: Route.self) { route in
          notePage(model, route)
        }
      }
    }

    func notePage(_ model: NAMEModel, _ route: Route) -> Node {
      guard case .note(let id) = route, let note = model.note(id) else { return p { "No such note." } }
      return h1 { note.title }.navigationTitle(note.title)
    }

    """

  static let session = """
    import NavigationCore
    import VirtualDOM

    /// The app at `url`, or why it has no page there: the one function the server (`LiveApp`)
    /// and the WebAssembly module (`WasmApp.register`) both start visitors with.
    public func startNAME(url: String) -> Result<AppSession, RouteError> {
      let model = NAMEModel()
      return AppSession.start(at: url, model: model, routes: model.routes) { NAMEView(model) }
    }

    """

  static let server = """
    import Foundation
    import LiveSessions
    import NAMEApp
    import NavDOMCommandLine

    // NAME serve [--port 8080] [--wasm .build-wasm/NAMEWasm.wasm]; NAME render --route /notes/1
    let app = LiveApp(title: "NAME") { url in startNAME(url: url) }
    exit(AppCommandLine.run(app, arguments: Array(CommandLine.arguments.dropFirst())))

    """

  static let wasm = """
    import NAMEApp
    import NavigationWasm

    // The app in the browser: runtime.js starts it at the page's URL and sends it the events.
    WasmApp.register { url in startNAME(url: url) }

    """

  static let listSnapshot = """
    <div class="navigation-stack">
      <section class="navigation-page navigation-root" data-depth="0">
        <main>
          <h1>NAME</h1>
          <ul>
            <li><a href="/notes/1" class="navigation-link">Hello</a></li>
            <li><a href="/notes/2" class="navigation-link">navdom</a></li>
          </ul>
        </main>
      </section>
    </div>

    """

  static let tests = """
    import NAMEApp
    import NavigationCore
    import NavigationTesting
    import Testing

    @Test func theListLinksToEveryNote() throws {
      let session = try startNAME(url: "/").get()
      assertSnapshot(of: session.runtime, named: "list")
    }

    @Test func aNoteHasAPageAndAURL() throws {
      let session = try startNAME(url: "/notes/2").get()
      #expect(session.title == "navdom")
      #expect(session.url == "/notes/2")
    }

    @Test func aNoteThatIsNotThereIsA404() {
      guard case .failure(let error) = startNAME(url: "/notes/9") else {
        Issue.record("a session started at /notes/9")
        return
      }
      #expect(error.reason == "there is no note 9")
    }

    """
}
