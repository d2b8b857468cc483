// Nodes built where storage code might be in the middle of something: inside a `deinit`
// (run when a node's listener closure is released), inside a listener, and inside
// `forEachChild`.
import HTMLRenderer
import NavigationCore
import NavigationTesting
import SoundnessSupport
import VirtualDOM

/// Builds and renders a tree when it goes: its owner is captured by listeners, so it goes when
/// the tree holding them does.
final class BuildsWhenReleased {
  static let expected = expectedListHTML(30, label: "from deinit")
  let onRelease: (String) -> Void
  init(onRelease: @escaping (String) -> Void) { self.onRelease = onRelease }
  deinit { onRelease(render(listPage(30, label: "from deinit"))) }
}

final class Log {
  var deinitRenders: [String] = []
}

// Inside a deinit, over many trees made and dropped.
let log = Log()
for round in 0..<500 {
  let trigger = BuildsWhenReleased { log.deinitRenders.append($0) }
  let tree = div { button(.onClick { _ = trigger }) { "round \(round)" }; listPage(20) }
  require(render(tree).hasSuffix(expectedListHTML(20) + "</div>"), "round \(round) rendered wrong")
}
require(log.deinitRenders.count == 500, "\(log.deinitRenders.count) of 500 deinits rendered")
require(log.deinitRenders.allSatisfy { $0 == BuildsWhenReleased.expected }, "a deinit rendered wrong")

// Inside a listener, through a runtime: the handler builds and renders trees of its own.
final class Model {
  @Observed var rendered = ""
}
let driver = PageDriver(model: Model()) { model in
  main {
    button(.onClick { model.rendered = render(listPage(50, label: "from a listener")) }) { "Build" }
    p { "\(model.rendered.count)" }
  }
}
for _ in 0..<200 { try driver.press("Build") }
require(driver.html.contains("<p>\(expectedListHTML(50, label: "from a listener").count)</p>"), "the listener's build")

// Inside forEachChild: each child visited builds a tree around it.
let list = listPage(300)
guard case .element(let element) = list else { fatalError("a list is an element") }
var wrapped: [Node] = []
element.forEachChild { child in
  wrapped.append(section { child; listPage(3) })
}
require(wrapped.count == 300, "\(wrapped.count) of 300 children visited")
for (index, node) in wrapped.enumerated() {
  let expected = "<section><li><a href=\"/items/\(index)\">item \(index)</a></li>\(expectedListHTML(3))</section>"
  require(render(node) == expected, "child \(index) wrapped wrong: \(render(node))")
}
passed("BuildAnywhere", "500 deinits, 200 listeners, 300 children")
