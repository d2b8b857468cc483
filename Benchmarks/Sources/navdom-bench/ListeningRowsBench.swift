import BenchmarkTable
import VirtualDOM

/// `navdom-bench listening-rows`: the browser benchmark app's work for "Create 1,000 rows",
/// natively: rows built with a listener on each of their two links (as the app builds them),
/// diffed into an empty table body, and their patches encoded for the wire (a run of inserts). `render`
/// builds rows with no listeners; this is what a listener adds to building, diffing and
/// encoding, where each listening element once cost six allocations.
///
/// ```
/// navdom-bench listening-rows --rows 1000 --iterations 50
/// {"bench":"listening-rows","rows":1000,"iterations":50,"bytes":...,"ms_per_round":...}
/// ```
enum ListeningRowsBench {
  static func run(rows count: Int, iterations: Int) {
    let rows = Row.make(count)
    func once() -> Int {
      let table = tbody {
        for row in rows {
          benchmarkRow(
            row, isSelected: false, onSelect: .onClick { _ = row.id }, onRemove: .onClick { _ = row.label })
        }
      }
      // An empty table body mounted first, as the page has it: the rows arrive as inserts into it.
      var mounted = MountedTree([tbody()])
      return WireFormat.encode(mounted.update(to: [table])).utf8.count
    }
    let (milliseconds, bytes) = BenchCommand.millisecondsPerRun(iterations: iterations, once)
    print(
      #"{"bench":"listening-rows","rows":\#(count),"iterations":\#(iterations),"bytes":\#(bytes),"ms_per_round":\#(BenchCommand.rounded(milliseconds))}"#
    )
  }
}
