// navdom-check.wasm has no app: the tests under node call its exports (CheckExports.swift)
// directly, so there is nothing to set up when the module starts.
