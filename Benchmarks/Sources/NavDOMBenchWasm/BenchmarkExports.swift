// The exports exist only in a wasm32 build; natively this executable does nothing.
#if arch(wasm32)
import BenchmarkTable
import HTMLRenderer
import VirtualDOM
import NavDOMWasmABI

/// The compact HTML of the benchmark table with `rows` rows: the same bytes as
/// `navdom-bench table-html --rows N`.
@_expose(wasm, "render_table")
@_cdecl("render_table")
func renderTable(_ rows: Int32) -> Int64 {
  guard rows >= 0 else { return WasmABI.failure("rows must not be negative") }
  var serializer = Serializer(style: .compact, capacity: 256 * Int(rows) + 64)
  do {
    try serializer.write(benchmarkTable(Row.make(Int(rows))))
  } catch {
    return WasmABI.failure(error.description)
  }
  return WasmABI.result(serializer.bytes)
}

/// The patches, in the wire format, that a benchmark operation on a `rows`-row table makes:
/// the same bytes as `navdom-bench diff-json --operation NAME --rows N`.
///
/// `name` is an `Operation` raw value (`swapRows`, `updateEveryTenth`, ...).
@_expose(wasm, "diff_operation")
@_cdecl("diff_operation")
func diffOperation(_ namePointer: UnsafePointer<UInt8>?, _ nameLength: Int32, _ rows: Int32) -> Int64 {
  let name = WasmABI.string(namePointer, nameLength)
  // Matched by bytes: `Operation(rawValue:)` compares with `==`, whose Unicode normalization
  // would be most of the module's standard-library code.
  guard let operation = Operation.allCases.first(where: { DOMString.equal($0.rawValue, name) }) else {
    return WasmABI.failure("unknown operation: " + name)
  }
  guard rows >= 0 else { return WasmABI.failure("rows must not be negative") }
  let change = operation.apply(to: Row.make(Int(rows)))
  let patches = diff(
    benchmarkTable(change.before),
    benchmarkTable(change.after, selectedID: change.selectedAfter))
  return WasmABI.result(WireFormat.encode(patches))
}
#endif
