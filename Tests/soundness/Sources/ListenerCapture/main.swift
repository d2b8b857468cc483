// A listener that captures a node of its own render (an easy mistake):
//
//     let label = span { … }
//     button(.onClick { _ = label; … }) { label }
//
// 5,000 renders of a 200-row list must not make memory grow: the resident set may grow less
// than 2 MB after warm-up.
import Foundation
import NavigationCore
import NavigationTesting
import SoundnessSupport
import VirtualDOM

final class ListModel {
  @Observed var count = 0
}

func listView(_ model: ListModel) -> Node {
  let label = span(.class("count")) { "Pressed \(model.count) times" }
  return main {
    button(.onClick { _ = label; model.count += 1 }) { label; " (add one)" }
    ul {
      for index in 0..<200 {
        let name = span { "row \(index) of render \(model.count)" }
        li(.key("\(index)"), .onClick { _ = name; model.count += 1 }) { name }
      }
    }
  }
}

let model = ListModel()
let runtime = NavigationRuntime(model: model) { listView($0) }
let addOne = try PageDriver(runtime: runtime).id(ofTag: "button")
@MainActor func renders(_ count: Int) throws {
  for _ in 0..<count { _ = try runtime.dispatch(id: addOne, event: "click").get() }
}
// Under a sanitizer (run.sh sets SOUNDNESS_SANITIZER) the renders are fewer and the resident
// set is not measured: the sanitizers keep freed memory aside on purpose. AddressSanitizer's
// leak check reports what a cycle would keep instead.
let sanitized = ProcessInfo.processInfo.environment["SOUNDNESS_SANITIZER"] != nil
let measured = sanitized ? 300 : 5_000
try renders(500)  // warm-up
let before = residentBytes()
try renders(measured)
let growth = residentBytes() - before
let html = try runtime.renderHTML()
require(model.count == 500 + measured && html.contains("Pressed \(500 + measured) times"), "the page did not follow the model")
if sanitized {
  passed("ListenerCapture", "\(measured) renders under a sanitizer")
} else {
  require(growth < 2 * 1024 * 1024, "the resident set grew \(growth / 1024) KB over \(measured) renders")
  passed("ListenerCapture", "resident set grew \(max(growth, 0) / 1024) KB over \(measured) renders")
}
