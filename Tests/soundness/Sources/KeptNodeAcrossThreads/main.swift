// Nodes kept in a model and put into every render, with the renders running on whichever
// threads the cooperative pool gives an actor: one node built before any render, one kept from
// the first render.
import HTMLRenderer
import NavigationCore
import NavigationTesting
import SoundnessSupport
import VirtualDOM

final class ShopModel {
  @Observed var count = 0
  /// Built once, outside any render.
  let logo = header { h1 { "Shop" }; p(.class("tagline")) { "kept since launch" } }
  /// Built by the first render and put into every render after it (not observed).
  var firstRow: Node?
}

func shopView(_ model: ShopModel) -> Node {
  let row = li { "row from render \(model.count)" }
  if model.firstRow == nil { model.firstRow = row }
  return main {
    model.logo
    button(.onClick { model.count += 1 }) { "Add" }
    ul {
      if let firstRow = model.firstRow { firstRow }
      row
    }
  }
}

/// Owns the model and its driver; whichever thread runs the actor renders.
actor Shop {
  private let driver = PageDriver(model: ShopModel()) { shopView($0) }

  func add() throws -> String {
    try driver.press("Add")
    return try driver.runtime.renderHTML()
  }
}

let shop = Shop()
let pages = await withTaskGroup(of: [String].self) { group in
  for _ in 0..<8 {
    group.addTask {
      var pages: [String] = []
      for _ in 0..<100 { pages.append((try? await shop.add()) ?? "failed") }
      return pages
    }
  }
  // Meanwhile this thread, where the kept nodes were built, goes on building.
  var built = 0
  for index in 0..<20_000 { built += p { "main builds \(index)" }.subtreeSize }
  require(built == 40_000, "the main thread built \(built) nodes")
  var all: [String] = []
  for await pages in group { all += pages }
  return all
}
require(pages.count == 800, "\(pages.count) of 800 presses")
var counts = Set<Int>()
for page in pages {
  require(page.contains("<h1>Shop</h1><p class=\"tagline\">kept since launch</p>"), "the kept logo is missing: \(page)")
  require(page.contains("<li>row from render 0</li>"), "the row kept from the first render is missing: \(page)")
  let last = page.components(separatedBy: "<li>row from render ").last!.prefix { $0.isNumber }
  counts.insert(Int(last) ?? -1)
}
require(counts == Set(1...800), "each press rendered its own count once (\(counts.count) distinct)")
passed("KeptNodeAcrossThreads", "800 renders by 8 tasks")
