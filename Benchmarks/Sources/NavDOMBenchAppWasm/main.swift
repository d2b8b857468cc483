import NavigationCore
import NavigationWasm

// navdom-bench-app.wasm: js-framework-benchmark's table as an app, for the browser benchmark
// (public/bench/wasm.html; Scripts/bench-wasm-dom.py serves this module).
// One page, whatever the URL: the table has no routes.
WasmApp.register("bench") { (_: String) -> Result<AppSession, RouteError> in
  let model = BenchmarkModel()
  let runtime = NavigationRuntime(retaining: [model]) { benchmarkView(model) }
  return .success(AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { _ in false }))
}
