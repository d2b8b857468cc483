import FixtureApp
import NavigationWasm

// The same page client-side, for `serve --watch --wasm` (built by the build-wasm plugin).
WasmApp.register { url in greetingSession(url: url) }
