import NavigationCore
import NavigationWasm

// navdom-bench-app.wasm: js-framework-benchmark's table as an app, for the browser benchmark
// (public/bench/wasm.html; Scripts/bench-wasm-dom.py serves this module).
// One page, whatever the URL: the table has no routes. Its answers write a run of inserts of
// one shape as one `inserts` entry (WasmApp.PatchFormat): a table adds rows by the thousand.
WasmApp.register("bench", patches: .insertRuns) { (_: String) -> Result<AppSession, RouteError> in
  let model = BenchmarkModel()
  let runtime = NavigationRuntime(retaining: [model]) { benchmarkView(model) }
  return .success(AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { _ in false }))
}
