import VirtualDOM

/// The JSON a live server answers an event with (docs/RUNTIME.md, "Reply JSON"), and what a
/// client-side (WebAssembly) session answers too: `{"patches":[...]}`, plus `"url"` and
/// `"history":"push"` when the state's URL changed.
///
/// ```swift
/// LiveReply.json(patches: [], newURL: "/items/1")
/// // {"patches":[],"url":"/items/1","history":"push"}
/// ```
public enum LiveReply {
  /// The reply for `patches`; `newURL` is the state's URL when it changed, else `nil`.
  public static func json(patches: [Patch], newURL: String?) -> String {
    var writer = JSONWriter()
    writer.raw("{\"patches\":")
    WireFormat.write(patches, to: &writer)
    if let newURL {
      writer.key("url"); writer.string(newURL)
      writer.key("history"); writer.string("push")
    }
    writer.raw("}")
    return writer.string
  }
}

extension LiveAppSession {
  /// The patches hydration needs besides the HTML (the page's `data-navdom-patches`): `listen`
  /// for every element that listens, `setProp` for DOM properties.
  ///
  /// ```swift
  /// WireFormat.encode(session.hydrationPatches)   // [{"op":"listen","id":5,"event":"click"},…]
  /// ```
  public var hydrationPatches: [Patch] { LivePage.hydrationPatches(runtime) }
}
