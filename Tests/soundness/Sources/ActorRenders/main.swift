// Nodes handed to an actor (`sending`), rendered by 8 tasks at once through it, while the
// caller builds more nodes.
import HTMLRenderer
import SoundnessSupport
import VirtualDOM

actor Shelf {
  private var nodes: [Node] = []

  func keep(_ node: sending Node) { nodes.append(node) }

  /// Renders every kept node; the actor reads them one task at a time.
  func renderAll() -> [String] { nodes.map { render($0) } }
}

let shelf = Shelf()
for index in 0..<50 {
  await shelf.keep(listPage(40, label: "shelf \(index)"))
}
let results = await withTaskGroup(of: [String].self) { group in
  for _ in 0..<8 {
    group.addTask { await shelf.renderAll() }
  }
  var built = 0
  for index in 0..<20_000 { built += p { "caller builds \(index)" }.subtreeSize }
  require(built == 40_000, "the caller built \(built) nodes")
  var all: [[String]] = []
  for await result in group { all.append(result) }
  return all
}
require(results.count == 8, "\(results.count) of 8 tasks finished")
for result in results {
  require(result.count == 50, "a task rendered \(result.count) of 50 nodes")
  for (index, html) in result.enumerated() {
    require(html == expectedListHTML(40, label: "shelf \(index)"), "node \(index) rendered wrong")
  }
}
passed("ActorRenders", "8 tasks x 50 nodes")
