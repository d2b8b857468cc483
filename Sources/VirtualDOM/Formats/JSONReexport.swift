// The JSON parser and writer live in NavDOMSupport, which the live layer shares; the public
// formats here take and give them (`WireFormat.write(_:to:)`, `TreeFormat.nodes(from:)`), so
// VirtualDOM's users see them as before.
@_exported import NavDOMSupport
