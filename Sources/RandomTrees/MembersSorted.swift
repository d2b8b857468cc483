import VirtualDOM

/// `nodes` with every element's attributes, properties and listeners sorted by name: the
/// order a DOM does not keep after `setAttribute`, so trees are compared this way after
/// patching one into the other (the diff's property tests, natively and in the wasm module).
///
/// ```swift
/// var dom = MemoryDOM(mounting: old)
/// try dom.apply(diff(old, new))
/// assert(withMembersSorted(dom.roots) == withMembersSorted(new))
/// ```
public func withMembersSorted(_ nodes: [Node]) -> [Node] {
  nodes.map { node in
    guard case .element(let element) = node else { return node }
    return .element(
      element.with(
        attributes: element.attributes.sorted { $0.name < $1.name },
        properties: element.properties.sorted { $0.name < $1.name },
        listeners: element.listeners.sorted { $0.event < $1.event },
        children: withMembersSorted(element.children)))
  }
}
