import BenchmarkTable
import NavigationCore
import VirtualDOM

/// js-framework-benchmark's nine operations as an app's model, for timing the whole
/// client-side path in a browser (public/bench/wasm.html, Scripts/bench-wasm-dom.py): a click
/// goes to the module, the model changes, the view is re-rendered and diffed, and runtime.js
/// applies the patches.
///
/// ```swift
/// let model = BenchmarkModel()
/// let runtime = NavigationRuntime(retaining: [model]) { benchmarkView(model) }
/// model.create(1_000)
/// ```
final class BenchmarkModel {
  @Observed var rows: [Row] = []
  /// The highlighted row (`class="danger"`), by id.
  @Observed var selectedID: Int?
  private var nextID = 1
  /// The table's rows as nodes, kept from one render to the next (the view's memo, not state).
  let rowNodes = ListMemo<Int, BenchmarkRowInput>()

  /// Replaces the rows with `count` new ones ("create rows", "replace all rows", "create many
  /// rows").
  func create(_ count: Int) {
    rows = Row.make(count, firstID: nextID)
    nextID += count
    selectedID = nil
  }

  /// Adds 1,000 new rows after the others ("append rows to large table").
  func append() {
    rows += Row.make(1_000, firstID: nextID)
    nextID += 1_000
  }

  /// Appends " !!!" to the label of every 10th row ("partial update").
  func updateEveryTenth() {
    var updated = rows
    var index = 0
    while index < updated.count {
      updated[index].label += " !!!"
      index += 10
    }
    rows = updated
  }

  /// Highlights row `id` ("select row").
  func select(_ id: Int) {
    selectedID = id
  }

  /// Swaps the 2nd and the 999th row ("swap rows").
  func swapRows() {
    guard rows.count > 998 else { return }
    var swapped = rows
    swapped.swapAt(1, 998)
    rows = swapped
  }

  /// Removes row `id` ("remove row").
  func remove(_ id: Int) {
    rows.removeAll { $0.id == id }
  }

  /// Removes every row ("clear rows").
  func clear() {
    rows = []
    selectedID = nil
  }
}
