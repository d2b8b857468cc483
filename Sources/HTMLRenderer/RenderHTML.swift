import VirtualDOM

/// Renders nodes to an HTML string.
///
/// ```swift
/// let html = try renderHTML(p(.class("lead")) { "Fish & chips" })
/// // <p class="lead">Fish &amp; chips</p>
/// ```
public func renderHTML(_ node: Node, style: Serializer.Style = .compact) throws(RenderError) -> String {
  var serializer = Serializer(style: style)
  try serializer.write(node)
  return serializer.html
}

/// Renders top-level nodes, in order, to an HTML string.
public func renderHTML(_ nodes: [Node], style: Serializer.Style = .compact) throws(RenderError) -> String {
  var serializer = Serializer(style: style)
  try serializer.write(nodes)
  return serializer.html
}

/// Renders a full document: `<!DOCTYPE html>` followed by `root`, normally an `html` element.
///
/// ```swift
/// let page = try renderDocument(html { head { title { "Inventory" } }; body { h1 { "Inventory" } } })
/// ```
public func renderDocument(_ root: Node, style: Serializer.Style = .compact) throws(RenderError) -> String {
  var serializer = Serializer(style: style)
  try serializer.writeDocument(root)
  return serializer.html
}
