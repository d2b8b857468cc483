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
          benchmarkRow(row, isSelected: row.id == model.selectedID, model: model)
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

/// One row: BenchmarkTable's markup, with the two links listening.
private func benchmarkRow(_ row: Row, isSelected: Bool, model: BenchmarkModel) -> Node {
  let id = String(row.id)
  let rowID = row.id
  return tr(.key(id), isSelected ? .class("danger") : .none) {
    td(.class("col-md-1")) { id }
    td(.class("col-md-4")) { a(.onClick { model.select(rowID) }) { row.label } }
    td(.class("col-md-1")) {
      a(.onClick { model.remove(rowID) }) { span(.class("glyphicon glyphicon-remove"), .aria("hidden", "true")) }
    }
    td(.class("col-md-6"))
  }
}
