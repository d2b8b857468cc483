// navdom-bench.wasm has no app: its exports (BenchmarkExports.swift) are called directly, so
// there is nothing to set up when the module starts.
