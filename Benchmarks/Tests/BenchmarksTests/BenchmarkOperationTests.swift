import BenchmarkTable
import Testing
import VirtualDOM
import VirtualDOMTesting

/// The js-framework-benchmark operations on 1,000 keyed rows produce the minimal patch lists.
@Suite struct BenchmarkOperationTests {
  static let rows = Row.make(1_000)

  func patches(for operation: BenchmarkTable.Operation) -> [Patch] {
    let change = operation.apply(to: Self.rows)
    return diff(benchmarkTable(change.before), benchmarkTable(change.after, selectedID: change.selectedAfter))
  }

  func count(_ patches: [Patch], _ operation: String) -> Int {
    patches.filter { $0.operation == operation }.count
  }

  @Test func unchangedTableGivesNoPatches() {
    #expect(patches(for: .unchanged).isEmpty)
  }

  @Test func swapTwoRowsMovesExactlyTwoNodes() {
    let result = patches(for: .swapRows)
    #expect(result.count == 2)
    #expect(count(result, "move") == 2)
  }

  @Test func removeOneRowIsOneRemove() {
    let result = patches(for: .removeOne)
    #expect(result.count == 1)
    #expect(count(result, "remove") == 1)
  }

  @Test func updateEveryTenthLabelIsExactlyOneHundredTextPatches() {
    let result = patches(for: .updateEveryTenth)
    #expect(result.count == 100)
    #expect(count(result, "text") == 100)
  }

  @Test func selectingARowIsOneSetAttribute() {
    let result = patches(for: .select)
    #expect(result == [.setAttribute(id: 13, name: "class", value: "danger")])
  }

  @Test func moveLastToFirstIsOneMove() {
    let result = patches(for: .moveLastToFirst)
    #expect(result.count == 1)
    #expect(count(result, "move") == 1)
  }

  @Test func appendingAThousandRowsIsInsertsOnly() {
    let result = patches(for: .appendThousand)
    #expect(result.count == 1_000)
    #expect(count(result, "insert") == 1_000)
  }

  @Test func clearingIsExactlyOneOperation() {
    let result = patches(for: .clear)
    #expect(result == [.clear(parent: 2)])
  }

  @Test func replacingAllRowsMovesNothing() {
    let result = patches(for: .replaceAll)
    #expect(count(result, "move") == 0)
    #expect(count(result, "insert") == 1_000)
    #expect(result.count == 1_001)  // one clear, then the new rows
  }

  @Test func everyOperationAppliesToTheExpectedTable() throws {
    for operation in BenchmarkTable.Operation.allCases {
      let change = operation.apply(to: Self.rows)
      let before = benchmarkTable(change.before)
      let after = benchmarkTable(change.after, selectedID: change.selectedAfter)
      var dom = MemoryDOM(mounting: [before])
      try dom.apply(diff(before, after))
      #expect(dom.roots == [after], "operation \(operation.rawValue)")
    }
  }
}
