import DemoApp
import NavigationCore
import NavigationWasm

// navdom.wasm: the demo, started as `navdom serve` starts it, and the benchmark table as an app
// (public/bench/wasm.html starts it by name).
WasmApp.register("inventory") { url in inventorySession(url: url) }
WasmApp.register("bench") { _ in
  let model = BenchmarkModel()
  let runtime = NavigationRuntime(retaining: [model]) { benchmarkAppView(model) }
  return AppSession(runtime: runtime, currentURL: { "/" }, navigate: { _ in false })
}
