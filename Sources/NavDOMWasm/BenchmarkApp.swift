import BenchmarkTable
import NavigationCore
import VirtualDOM

/// The js-framework-benchmark operations as an app, for timing the whole client-side path in a
/// browser (public/bench/wasm.html): a click goes to the module, the model changes, the view is
/// re-rendered and diffed, and runtime.js applies the patches.
///
/// ```swift
/// let model = BenchmarkModel()
/// let runtime = NavigationRuntime(retaining: [model]) { benchmarkAppView(model) }
/// model.create()   // 1,000 rows
/// ```
final class BenchmarkModel {
  @Observed var rows: [Row] = []
  private var nextID = 1

  /// Replaces the rows with 1,000 new ones.
  func create() {
    rows = Row.make(1_000, firstID: nextID)
    nextID += 1_000
  }

  /// Appends " !!!" to the label of every 10th row.
  func updateEveryTenth() {
    var updated = rows
    var index = 0
    while index < updated.count {
      updated[index].label += " !!!"
      index += 10
    }
    rows = updated
  }

  /// Swaps the 2nd and the 999th row (js-framework-benchmark's "swap rows").
  func swapRows() {
    guard rows.count > 998 else { return }
    var swapped = rows
    swapped.swapAt(1, 998)
    rows = swapped
  }

  /// Removes every row.
  func clear() {
    rows = []
  }
}

/// The benchmark page: four buttons (ids `create`, `update`, `swap`, `clear`) and the table.
func benchmarkAppView(_ model: BenchmarkModel) -> Node {
  div(.class("bench")) {
    div(.class("buttons")) {
      // Built in a loop: each element call is inlined, and four copies cost the module code.
      for (id, label, action) in benchmarkButtons(model) {
        button(.id(id), .type("button"), .onClick(action)) { label }
      }
    }
    benchmarkTable(model.rows)
  }
}

/// The page's buttons in order: id, label, action.
private func benchmarkButtons(_ model: BenchmarkModel) -> [(String, String, () -> Void)] {
  [
    ("create", "Create 1,000 rows", { model.create() }),
    ("update", "Update every 10th row", { model.updateEveryTenth() }),
    ("swap", "Swap rows", { model.swapRows() }),
    ("clear", "Clear", { model.clear() }),
  ]
}
