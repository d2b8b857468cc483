import VirtualDOM

/// The js-framework-benchmark table, built with the DSL: the markup React's anchor script
/// renders (`Scripts/react/render-table.js`), with rows keyed by id.
///
/// ```swift
/// let node = benchmarkTable(Row.make(1_000), selectedID: nil)
/// ```
public func benchmarkTable(_ rows: [Row], selectedID: Int? = nil) -> Node {
  table(.class("table table-hover table-striped test-data")) {
    tbody {
      for row in rows {
        benchmarkRow(row, isSelected: row.id == selectedID)
      }
    }
  }
}

/// One `<tr>` of the benchmark table. `onSelect` and `onRemove` go on its two links: the
/// browser benchmark's app listens there; the server-rendered table has no listeners.
///
/// ```swift
/// let row = benchmarkRow(Row(id: 1, label: "pretty red table"), isSelected: true)
/// ```
public func benchmarkRow(
  _ row: Row, isSelected: Bool, onSelect: ElementOption = .none, onRemove: ElementOption = .none
) -> Node {
  let id = String(row.id)
  return tr(.key(id), isSelected ? .class("danger") : .none) {
    td(.class("col-md-1")) { id }
    td(.class("col-md-4")) { a(onSelect) { row.label } }
    td(.class("col-md-1")) {
      a(onRemove) { span(.class("glyphicon glyphicon-remove"), .aria("hidden", "true")) }
    }
    td(.class("col-md-6"))
  }
}
