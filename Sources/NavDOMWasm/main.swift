import DemoApp
import NavigationWasm

// navdom.wasm: the demo, started as `navdom serve` starts it.
WasmApp.register("inventory") { url in startInventory(url: url) }
