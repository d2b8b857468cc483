import NavigationCore
import VirtualDOM

/// The apps a WebAssembly module runs client-side, registered by the module's `main.swift`.
///
/// A user's wasm module is an executable target of their own package that depends on the
/// `NavigationWasm` product. Its `main.swift` registers how a session starts at a URL, the same
/// closure a `LiveApp` uses on the server, and nothing more: this library exports what
/// runtime.js calls (`app_start`, `app_dispatch`, `app_popstate`, `app_snapshot`,
/// `app_release`) and runs
/// `main.swift` once, before the first app starts.
///
/// ```swift
/// // Sources/ContactsWasm/main.swift
/// import ContactsApp
/// import NavigationWasm
///
/// WasmApp.register { url in startContacts(url: url) }
/// ```
///
/// Build it with `swift package --allow-writing-to-package-directory build-wasm --product
/// ContactsWasm` and serve it with `Contacts serve --wasm .build-wasm/ContactsWasm.wasm`
/// (docs/WASM.md). A native build of the same target compiles and does nothing.
public enum WasmApp {
  /// Registers an app: `startSession` returns the session for a URL (path and query), or why
  /// the app has no page there: the same function a `LiveApp` takes
  /// (``NavigationCore/AppSession/start(at:model:routes:view:)`` makes one).
  ///
  /// A module may register several apps under different names; a page picks one with
  /// `data-navdom-wasm-app="name"`, and a page without it runs the first one registered.
  /// If a name is registered twice, the first registration runs.
  ///
  /// ```swift
  /// WasmApp.register("contacts") { url in startContacts(url: url) }   // Result<AppSession, RouteError>
  /// ```
  public static func register(
    _ name: String = "main", startSession: @escaping (String) -> Result<AppSession, RouteError>
  ) {
    register(name, patches: .eachPatch, startSession: startSession)
  }

  /// Registers an app whose answers write their patches as `patches` says: `.insertRuns` for
  /// an app that adds rows by the hundred (``PatchFormat``).
  ///
  /// ```swift
  /// WasmApp.register("table", patches: .insertRuns) { url in startContacts(url: url) }
  /// ```
  public static func register(
    _ name: String = "main", patches: PatchFormat,
    startSession: @escaping (String) -> Result<AppSession, RouteError>
  ) {
    add(
      RegisteredApp(name: name, patches: patches) { url in
        if case .success(let session) = startSession(url) { return session }
        return nil
      })
  }

  /// Registers an app whose function says nothing about a URL it has no page for.
  ///
  /// ```swift
  /// WasmApp.register("contacts", startSession: startContacts)   // the one shape, as LiveApp's
  /// ```
  @available(*, deprecated, message: "pass the function LiveApp takes, (String) -> Result<AppSession, RouteError>: register(_:startSession:)")
  public static func register(_ name: String = "main", makeSession: @escaping (String) -> AppSession?) {
    add(RegisteredApp(name: name, patches: .eachPatch, makeSession: makeSession))
  }

  private static func add(_ app: RegisteredApp) {
    guard var last = firstRegistered else {
      firstRegistered = app
      return
    }
    while let next = last.next { last = next }
    last.next = app
  }

  /// A session of app `name` (the first registered for `""`) at `url`, and how its answers
  /// write their patches; `nil` with `reason` set when there is none. The first app registered
  /// under a name is the one that runs.
  static func start(_ name: String, url: String, reason: inout String) -> (session: AppSession, patches: PatchFormat)? {
    var candidate = firstRegistered
    while let app = candidate {
      if name.isEmpty || DOMString.equal(app.name, name) {
        if let session = app.makeSession(url) { return (session, app.patches) }
        reason = "app \"" + app.name + "\" has no page at " + url
        return nil
      }
      candidate = app.next
    }
    reason = firstRegistered == nil
      ? "the module registers no app (call WasmApp.register in its main.swift)"
      : "the module has no app \"" + name + "\""
    return nil
  }
}

/// One registered app, in a list in the order of registration (a list of classes costs the
/// module less code than an array of closures).
private final class RegisteredApp {
  let name: String
  let patches: WasmApp.PatchFormat
  let makeSession: (String) -> AppSession?
  var next: RegisteredApp?

  init(name: String, patches: WasmApp.PatchFormat, makeSession: @escaping (String) -> AppSession?) {
    self.name = name
    self.patches = patches
    self.makeSession = makeSession
  }
}

/// The module's apps. A WebAssembly module is one single-threaded instance per page, which is
/// what makes one process-wide list safe here; natively nothing runs these apps.
nonisolated(unsafe) private var firstRegistered: RegisteredApp?
