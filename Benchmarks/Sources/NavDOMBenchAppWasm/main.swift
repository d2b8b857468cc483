import NavigationCore
import NavigationWasm

// navdom-bench-app.wasm: js-framework-benchmark's table as an app, for the browser benchmark
// (public/bench/wasm.html; Scripts/bench-wasm-dom.py serves this module).
WasmApp.register("bench") { _ in
  let model = BenchmarkModel()
  let runtime = NavigationRuntime(retaining: [model]) { benchmarkView(model) }
  return AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { _ in false })
}
