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
        // BenchmarkTable's row, with its two links listening; a row is built again only when
        // its label or selection changed (as React's entry memoizes its rows).
        model.rowNodes.nodes(
          model.rows, id: { $0.id }, input: { BenchmarkRowInput(row: $0, isSelected: $0.id == model.selectedID) }
        ) { input in
          let id = input.row.id
          return benchmarkRow(
            input.row, isSelected: input.isSelected, onSelect: .onClick { model.select(id) },
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

/// What a row's node is built from: the memo builds it again when either changes.
struct BenchmarkRowInput: Equatable {
  var row: Row
  var isSelected: Bool

  /// Labels compared by their code points, as the diff compares text: a synthesized `==`
  /// would compare them as Swift does, by canonical equivalence, which links Unicode
  /// normalization into the module (9.8 KB before wasm-opt, by Scripts/wasm-size-report.py).
  static func == (a: Self, b: Self) -> Bool {
    a.row.id == b.row.id && a.isSelected == b.isSelected && DOMString.equal(a.row.label, b.row.label)
  }
}
