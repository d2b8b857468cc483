import VirtualDOM

extension TextState {
  /// The text as DOM nodes: plain runs as text, styled runs inside `<em>`, `<strong>`, `<code>`
  /// (nested in that order).
  var nodes: [Node] {
    var nodes: [Node] = []
    for run in runs {
      var node = Node.text(run.text)
      // One element call for the three styles, innermost first: each call site of the
      // element builder is inlined, so three would cost the WebAssembly module three copies.
      for (style, tag) in TextState.styleTags where run.style.contains(style) {
        node = makeElement(tag, [], children: [node])
      }
      nodes.append(node)
    }
    return nodes
  }

  /// The element of each style, innermost first.
  private static let styleTags: [(Style, String)] = [(.code, "code"), (.strong, "strong"), (.emphasis, "em")]
}
