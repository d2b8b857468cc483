import VirtualDOM

extension TextState {
  /// The text as DOM nodes: plain runs as text, styled runs inside `<em>`, `<strong>`, `<code>`
  /// (nested in that order).
  var nodes: [Node] {
    var nodes: [Node] = []
    for run in runs {
      var node = Node.text(run.text)
      if run.style.contains(.code) { node = makeElement("code", [], children: [node]) }
      if run.style.contains(.strong) { node = makeElement("strong", [], children: [node]) }
      if run.style.contains(.emphasis) { node = makeElement("em", [], children: [node]) }
      nodes.append(node)
    }
    return nodes
  }
}
