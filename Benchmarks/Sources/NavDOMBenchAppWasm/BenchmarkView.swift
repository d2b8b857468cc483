import BenchmarkTable
import NavigationCore
import VirtualDOM

/// The benchmark page: js-framework-benchmark's buttons (ids `run`, `runlots`, `add`,
/// `update`, `clear`, `swaprows`) and its table, whose rows select on a click on their label
/// and go on a click on their remove icon (as in that benchmark, each row's own listeners).
func benchmarkView(_ model: BenchmarkModel) -> Node {
  div(.class("bench")) {
    div(.class("buttons")) {
      // Built in a loop: each element call is inlined, and six copies cost the module code.
      for (id, label, action) in benchmarkButtons(model) {
        button(.id(id), .type("button"), .onClick(action)) { label }
      }
    }
    table(.class("table table-hover table-striped test-data")) {
      tbody {
        for row in model.rows {
          // BenchmarkTable's row, with its two links listening.
          let id = row.id
          benchmarkRow(
            row, isSelected: id == model.selectedID, onSelect: .onClick { model.select(id) },
            onRemove: .onClick { model.remove(id) })
        }
      }
    }
  }
}

/// The page's buttons in order: id, label, action.
private func benchmarkButtons(_ model: BenchmarkModel) -> [(String, String, () -> Void)] {
  [
    ("run", "Create 1,000 rows", { model.create(1_000) }),
    ("runlots", "Create 10,000 rows", { model.create(10_000) }),
    ("add", "Append 1,000 rows", { model.append() }),
    ("update", "Update every 10th row", { model.updateEveryTenth() }),
    ("clear", "Clear", { model.clear() }),
    ("swaprows", "Swap rows", { model.swapRows() }),
  ]
}
