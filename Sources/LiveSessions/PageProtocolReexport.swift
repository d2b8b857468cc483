// The JSON of replies and pages (`SessionReply.json`, the deprecated `AppSession.dispatch`)
// lives in PageProtocol; a live app's code sees it as before.
@_exported import PageProtocol
