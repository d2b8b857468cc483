import Foundation
import StaticServe
import NavDOMSupport
import LiveSessions

/// The server side of `serve --watch`, in the server the watcher (``WatchSupervisor``) runs:
/// open pages subscribe to `/_navdom/watch` (Server-Sent Events) and hear `hello` with this
/// server's instance id, then `build` with each build's state, which the watcher writes to the
/// server's standard input, one JSON object a line. A page that hears a different instance id
/// after its stream reconnects is talking to a rebuilt server and reloads (runtime.js's
/// `watchForRebuilds`). When the watcher goes away (its end of the pipe closes), the server stops.
///
/// ```swift
/// if let channel = WatchChannel.forWatchedServer() { router = channel.routing(router) }
/// ```
final class WatchChannel: Sendable {
  /// The environment variable the watcher sets on the servers it starts.
  static let environmentKey = "NAVDOM_WATCHED"
  /// Where pages subscribe.
  static let endpoint = "/_navdom/watch"

  /// A new id for each server the watcher starts.
  let instance = LiveServer.newSessionID()
  private let state = Locked(State())

  private struct State {
    var streams: [ObjectIdentifier: EventStream] = [:]
    /// The last build state the watcher sent (a JSON object), for pages that subscribe later.
    var lastBuild: String?
  }

  /// A channel when this process was started by `serve --watch`, else nil.
  static func forWatchedServer() -> WatchChannel? {
    ProcessInfo.processInfo.environment[environmentKey] == "1" ? WatchChannel() : nil
  }

  /// `router` with `/_navdom/watch` answered first.
  func routing(_ router: @escaping HTTPServer.Router) -> HTTPServer.Router {
    { [self] request in
      guard request.path == Self.endpoint else { return router(request) }
      guard request.method == .get else { return .error(.methodNotAllowed, detail: "the watch stream is read with GET") }
      return .eventStream { [self] stream in attach(stream) }
    }
  }

  func attach(_ stream: EventStream) {
    let key = ObjectIdentifier(stream)
    let last = state.withLock { state in
      state.streams[key] = stream
      return state.lastBuild
    }
    stream.onClose { [self] in state.withLock { _ = $0.streams.removeValue(forKey: key) } }
    // Reconnect quickly after a restart (browsers wait about 3 s by default).
    stream.send("retry: 250\n\n")
    stream.send(event: "hello", data: instance)
    if let last { stream.send(event: "build", data: last) }
  }

  /// Sends a build state (one line of JSON from the watcher) to every open page.
  func broadcast(_ line: String) {
    let streams = state.withLock { state in
      state.lastBuild = line
      return Array(state.streams.values)
    }
    for stream in streams { stream.send(event: "build", data: line) }
  }

  /// Reads the watcher's lines from standard input on a thread of its own; runs
  /// `supervisorGone` at the end of input (the watcher stopped: so does this server).
  func listenToSupervisor(then supervisorGone: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      // read(2) through FileHandle, not readLine(): a blocked getline holds stdin's stdio lock,
      // and fflush(nil) elsewhere (and glibc's fopen) would wait for it forever.
      let input = FileHandle.standardInput
      var pending: [UInt8] = []
      while case let data = input.availableData, !data.isEmpty {
        pending += data
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[..<end], as: UTF8.self)
          pending.removeSubrange(...end)
          if !line.isEmpty { broadcast(line) }
        }
      }
      supervisorGone()
    }
    thread.name = "navdom-watch-channel"
    thread.start()
  }
}
