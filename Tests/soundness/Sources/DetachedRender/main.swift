// A page handed to a detached task, rendered there while this thread goes on building other
// nodes. Region analysis allows it (the page is not used again here), so the storage must
// hold: nothing this thread builds may move or reuse what the other thread reads.
import HTMLRenderer
import SoundnessSupport
import VirtualDOM

let rounds = 40
for round in 0..<rounds {
  let page = listPage(2000)
  let rendering = Task.detached { render(page) }
  var built = 0
  for index in 0..<3000 {
    let other = div(.class("busy")) { span { "building \(index) in round \(round)" }; p { "more text" } }
    built += other.subtreeSize
  }
  let html = await rendering.value
  require(html == expectedListHTML(2000), "round \(round): the detached render differs")
  require(built == 3000 * 5, "round \(round): built \(built) nodes")
}
passed("DetachedRender", "\(rounds) rounds")
