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

/// One `<tr>` of the benchmark table.
public func benchmarkRow(_ row: Row, isSelected: Bool) -> Node {
  let id = String(row.id)
  return tr(.key(id), isSelected ? .class("danger") : .none) {
    td(.class("col-md-1")) { id }
    td(.class("col-md-4")) { a { row.label } }
    td(.class("col-md-1")) {
      a { span(.class("glyphicon glyphicon-remove"), .aria("hidden", "true")) }
    }
    td(.class("col-md-6"))
  }
}
