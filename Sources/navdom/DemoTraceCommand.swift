import Foundation
import LiveSessions
import NavigationCore
import PageProtocol
import VirtualDOM

/// `navdom demo-trace FILE`: runs scripted demo flows natively, as the live server would, and
/// prints one JSON line per step. The WebAssembly parity test (Tests/wasm/demo-parity.test.js)
/// replays the same events in the module and compares every line.
///
/// ```
/// {"flow":"add-save","action":"flow add-save /","start":{"nodes":[…],"patches":[…],"url":"/"}}
/// {"flow":"add-save","action":"press Add item","event":{"id":5,"event":"click"},"reply":{"patches":[…]},"html":"…","tree":{"nodes":[…],…}}
/// ```
///
/// `start` is what the module's `app_start` returns, `reply` what a live server (and the module's
/// `app_dispatch` / `app_popstate`) answers, `html` the page after the step and `tree` the same
/// page as the module's `app_snapshot` gives it.
enum DemoTraceCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
      Console.error(Usage.demoTrace)
      return 2
    }
    guard let bytes = Console.read(path) else { return 1 }
    do {
      let script = try DemoScript(parsing: String(decoding: bytes, as: UTF8.self))
      for flow in script.flows { try trace(flow) }
    } catch {
      Console.error("\(path): \(error)")
      return 1
    }
    return 0
  }

  private static func trace(_ flow: DemoScript.Flow) throws(ScriptError) {
    guard case .success(let session) = DemoLiveApp.app.startSession(flow.url) else {
      throw ScriptError(line: 0, "flow \(flow.name): the demo has no page at \(flow.url)")
    }
    var line = JSONWriter()
    line.raw("{\"flow\":"); line.string(flow.name)
    line.key("action"); line.string("flow \(flow.name) \(flow.url)")
    line.key("start")
    line.json(session.pageTree().json)
    line.raw("}")
    print(line.string)

    for step in flow.steps {
      let tree = session.runtime.mountedTree
      let id: NodeID
      var event: String
      var payload = EventPayload()
      switch step {
      case .press(let label): (id, event) = (try DemoTarget.button(label, in: tree), "click")
      case .type(let label, let text):
        (id, event) = (try DemoTarget.field(label, in: tree), "input")
        payload.value = text
      case .escape: (id, event) = (try DemoTarget.dialog(in: tree), "cancel")
      case .back: (id, event) = (try DemoTarget.backButton(in: tree), "click")
      case .popState(let url):
        (id, event) = (0, "popstate")
        payload.value = url
      }

      let reply: String
      if case .popState(let url) = step {
        guard let answer = session.followHistory(to: url) else {
          throw ScriptError(line: 0, "flow \(flow.name): popstate to \(url) refused")
        }
        reply = answer.json
      } else {
        switch session.reply(to: event, on: id, payload: payload) {
        case .success(let answer): reply = answer.json
        case .failure(let error): throw ScriptError(line: 0, "flow \(flow.name), \(step.text): \(error.reason)")
        }
      }

      var line = JSONWriter()
      line.raw("{\"flow\":"); line.string(flow.name)
      line.key("action"); line.string(step.text)
      line.key("event")
      line.raw("{\"id\":"); line.number(id)
      line.key("event"); line.string(event)
      if let value = payload.value { line.key("value"); line.string(value) }
      if let key = payload.key { line.key("key"); line.string(key) }
      line.raw("}")
      line.key("reply"); line.json(reply)
      line.key("html"); line.string(try html(session))
      line.key("tree"); line.json(session.pageTree().json)
      line.raw("}")
      print(line.string)
    }
  }

  private static func html(_ session: AppSession) throws(ScriptError) -> String {
    do {
      return try session.runtime.renderHTML()
    } catch {
      throw ScriptError(line: 0, "render error: \(error)")
    }
  }
}
