// App-wide changes (`PubSub`, `SharedState`, the engines) live in PublishSubscribe; a live app
// reaches them through `LiveServer`, so LiveSessions' users see them as before.
@_exported import PublishSubscribe
