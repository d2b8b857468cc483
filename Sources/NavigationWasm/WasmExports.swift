// What runtime.js calls in a module (docs/RUNTIME.md, "Client-side"). They exist only in a
// wasm32 build; natively this file is empty.
#if arch(wasm32)
import NavDOMWasmABI
import NavigationCore
import PageProtocol
import VirtualDOM

/// The running app: one per module instance (one page), replaced by each `app_start`.
nonisolated(unsafe) private var session: AppSession?

/// How the running app's answers write their patches (`WasmApp.PatchFormat`).
nonisolated(unsafe) private var patchFormat = WasmApp.PatchFormat.eachPatch

/// The error of every export but `app_start` before an app runs.
private let noAppRunning = "no app is running (call app_start first)"

/// Whether the module's `main.swift` has run (it registers the apps).
nonisolated(unsafe) private var mainHasRun = false

/// The executable's top-level code, which Embedded Swift compiles into this symbol on wasm32.
/// The module is linked without an entry point, so nothing else would ever run it.
@_extern(c, "__main_argc_argv")
private func moduleMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32

/// Starts app `name` (as registered with ``WasmApp/register(_:startSession:)``; empty for the
/// first one) at `url` (path and query); any earlier session ends.
///
/// Returns `{"nodes": [...], "patches": [...], "url": "/items/1"}`: the container's content as
/// nodes with their ids (what the server rendered for the first paint, numbered the same way;
/// as nodes, not HTML, so the module links no HTML serializer), the patches hydration needs
/// (`listen`, `setProp`) and the app's URL. An error result for an unknown app or
/// a URL the app does not have.
///
/// ```js
/// const start = JSON.parse(take(exports.app_start(namePtr, nameLength, urlPtr, urlLength)));
/// ```
@_expose(wasm, "app_start")
@_cdecl("app_start")
func appStart(
  _ namePointer: UnsafePointer<UInt8>?, _ nameLength: Int32,
  _ urlPointer: UnsafePointer<UInt8>?, _ urlLength: Int32
) -> Int64 {
  if !mainHasRun {
    mainHasRun = true
    _ = moduleMain(0, nil)
  }
  session = nil  // the old app's memory goes before the new one is built
  let name = WasmABI.string(namePointer, nameLength)
  let url = WasmABI.string(urlPointer, urlLength)
  var reason = ""
  // The app reads the visitor's storage (localStorage) while it starts the session.
  let started = VisitorStorage.using(BrowserStorage.make()) { WasmApp.start(name, url: url, reason: &reason) }
  guard let started else { return WasmABI.failure(reason) }
  session = started.session
  started.session.runtime.defersReleaseOfReplacedTree = true
  patchFormat = started.patches
  return WasmABI.result(started.session.pageTree().json)
}

/// Delivers a DOM event `{id, event, value?, key?, checked?, modifiers?}` (docs/RUNTIME.md) to
/// the running app and returns the reply a live server would send:
/// `{"patches": [...], "url"?: "…", "history"?: "push"}`.
///
/// `valueLength` / `keyLength` of -1 mean "absent"; `checked` is 0 (absent), 1 (false) or
/// 2 (true), so a runtime that passes neither (an older one) means absent; `modifiers` is the
/// bits of ``EventModifiers`` (shift 1, control 2, alt 4, meta 8). An error result, changing nothing, for a
/// stale or unknown node, an element that does not listen, or no running app.
///
/// ```js
/// const reply = JSON.parse(take(exports.app_dispatch(7, eventPtr, eventLen, 0, -1, 0, -1, 0, 0)));
/// navdom.applyPatches(container, reply.patches);
/// ```
@_expose(wasm, "app_dispatch")
@_cdecl("app_dispatch")
func appDispatch(
  _ id: Int32,
  _ eventPointer: UnsafePointer<UInt8>?, _ eventLength: Int32,
  _ valuePointer: UnsafePointer<UInt8>?, _ valueLength: Int32,
  _ keyPointer: UnsafePointer<UInt8>?, _ keyLength: Int32,
  _ checked: Int32, _ modifiers: Int32
) -> Int64 {
  guard let session else { return WasmABI.failure(noAppRunning) }
  let event = WasmABI.string(eventPointer, eventLength)
  var payload = EventPayload()
  if valueLength >= 0 { payload.value = WasmABI.string(valuePointer, valueLength) }
  if keyLength >= 0 { payload.key = WasmABI.string(keyPointer, keyLength) }
  if checked != 0 { payload.checked = checked == 2 }
  payload.modifiers = EventModifiers(rawValue: UInt8(truncatingIfNeeded: modifiers))
  switch session.reply(to: event, on: Int(id), payload: payload) {
  case .success(let reply): return WasmABI.result(reply.json(sequence: nil, writingPatches: patchFormat.write))
  case .failure(let error): return WasmABI.failure(error.reason)
  }
}

/// The browser went back or forward to `url`: the reply that brings the page there (the
/// live server's answer to a `popstate` event). An error result for a URL the app does not have.
///
/// ```js
/// const reply = JSON.parse(take(exports.app_popstate(urlPtr, urlLen)));
/// ```
@_expose(wasm, "app_popstate")
@_cdecl("app_popstate")
func appPopState(_ urlPointer: UnsafePointer<UInt8>?, _ urlLength: Int32) -> Int64 {
  guard let session else { return WasmABI.failure(noAppRunning) }
  let url = WasmABI.string(urlPointer, urlLength)
  guard let reply = session.followHistory(to: url) else {
    return WasmABI.failure("popstate to a URL the app does not have")
  }
  return WasmABI.result(reply.json(sequence: nil, writingPatches: patchFormat.write))
}

/// Frees the tree the app's last render replaced. A render in the module keeps it, so that
/// freeing it (a release per element: about 1 ms for 1,000 table rows, 8 for 10,000) is not
/// part of the answer to an event; runtime.js calls this after the next paint.
///
/// ```js
/// requestAnimationFrame(() => setTimeout(() => exports.app_release(), 0));
/// ```
@_expose(wasm, "app_release")
@_cdecl("app_release")
func appRelease() {
  session?.runtime.releaseReplacedTree()
}

/// The running app's page to rebuild the container from when patches could not be applied
/// (an extension removed a node), as nodes with their ids: `AppSession.treeSnapshot()`,
/// `{"nodes", "patches", "url"}`. The tests compare it with the native build's after each step.
///
/// ```js
/// const snapshot = JSON.parse(take(exports.app_snapshot()));
/// ```
@_expose(wasm, "app_snapshot")
@_cdecl("app_snapshot")
func appSnapshot() -> Int64 {
  guard let session else { return WasmABI.failure(noAppRunning) }
  return WasmABI.result(session.treeSnapshot().json)
}
#endif
