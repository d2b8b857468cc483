// The JSON of replies and pages (`SessionReply.json`, the deprecated `AppSession.dispatch`)
// lives in PageProtocol; a WebAssembly app's code sees it as before.
@_exported import PageProtocol
