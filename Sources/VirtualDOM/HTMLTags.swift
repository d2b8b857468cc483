// The DSL's tag vocabulary: one function per HTML element, named as the tag.
// Void elements take no content. `element(_:)` builds any other tag; `svg` and `math` start
// foreign content, whose children come from `svgElement(_:)` and `mathElement(_:)`.

@inlinable
public func html(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("html", options, children: Node.children(of: content()))
}
@inlinable
public func head(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("head", options, children: Node.children(of: content()))
}
@inlinable
public func body(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("body", options, children: Node.children(of: content()))
}
@inlinable
public func title(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("title", options, children: Node.children(of: content()))
}
@inlinable
public func style(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("style", options, children: Node.children(of: content()))
}
@inlinable
public func script(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("script", options, children: Node.children(of: content()))
}
@inlinable
public func noscript(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("noscript", options, children: Node.children(of: content()))
}
@inlinable
public func template(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("template", options, children: Node.children(of: content()))
}
@inlinable
public func main(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("main", options, children: Node.children(of: content()))
}
@inlinable
public func header(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("header", options, children: Node.children(of: content()))
}
@inlinable
public func footer(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("footer", options, children: Node.children(of: content()))
}
@inlinable
public func nav(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("nav", options, children: Node.children(of: content()))
}
@inlinable
public func section(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("section", options, children: Node.children(of: content()))
}
@inlinable
public func article(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("article", options, children: Node.children(of: content()))
}
@inlinable
public func aside(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("aside", options, children: Node.children(of: content()))
}
@inlinable
public func h1(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("h1", options, children: Node.children(of: content()))
}
@inlinable
public func h2(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("h2", options, children: Node.children(of: content()))
}
@inlinable
public func h3(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("h3", options, children: Node.children(of: content()))
}
@inlinable
public func h4(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("h4", options, children: Node.children(of: content()))
}
@inlinable
public func h5(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("h5", options, children: Node.children(of: content()))
}
@inlinable
public func h6(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("h6", options, children: Node.children(of: content()))
}
@inlinable
public func hgroup(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("hgroup", options, children: Node.children(of: content()))
}
@inlinable
public func div(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("div", options, children: Node.children(of: content()))
}
@inlinable
public func p(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("p", options, children: Node.children(of: content()))
}
@inlinable
public func span(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("span", options, children: Node.children(of: content()))
}
@inlinable
public func a(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("a", options, children: Node.children(of: content()))
}
@inlinable
public func em(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("em", options, children: Node.children(of: content()))
}
@inlinable
public func strong(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("strong", options, children: Node.children(of: content()))
}
@inlinable
public func small(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("small", options, children: Node.children(of: content()))
}
@inlinable
public func code(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("code", options, children: Node.children(of: content()))
}
@inlinable
public func pre(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("pre", options, children: Node.children(of: content()))
}
@inlinable
public func blockquote(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("blockquote", options, children: Node.children(of: content()))
}
@inlinable
public func ul(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("ul", options, children: Node.children(of: content()))
}
@inlinable
public func ol(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("ol", options, children: Node.children(of: content()))
}
@inlinable
public func li(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("li", options, children: Node.children(of: content()))
}
@inlinable
public func dl(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("dl", options, children: Node.children(of: content()))
}
@inlinable
public func dt(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("dt", options, children: Node.children(of: content()))
}
@inlinable
public func dd(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("dd", options, children: Node.children(of: content()))
}
@inlinable
public func figure(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("figure", options, children: Node.children(of: content()))
}
@inlinable
public func figcaption(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("figcaption", options, children: Node.children(of: content()))
}
@inlinable
public func table(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("table", options, children: Node.children(of: content()))
}
@inlinable
public func caption(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("caption", options, children: Node.children(of: content()))
}
@inlinable
public func thead(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("thead", options, children: Node.children(of: content()))
}
@inlinable
public func tbody(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("tbody", options, children: Node.children(of: content()))
}
@inlinable
public func tfoot(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("tfoot", options, children: Node.children(of: content()))
}
@inlinable
public func tr(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("tr", options, children: Node.children(of: content()))
}
@inlinable
public func td(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("td", options, children: Node.children(of: content()))
}
@inlinable
public func th(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("th", options, children: Node.children(of: content()))
}
@inlinable
public func colgroup(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("colgroup", options, children: Node.children(of: content()))
}
@inlinable
public func form(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("form", options, children: Node.children(of: content()))
}
@inlinable
public func fieldset(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("fieldset", options, children: Node.children(of: content()))
}
@inlinable
public func legend(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("legend", options, children: Node.children(of: content()))
}
@inlinable
public func label(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("label", options, children: Node.children(of: content()))
}
@inlinable
public func button(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("button", options, children: Node.children(of: content()))
}
@inlinable
public func select(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("select", options, children: Node.children(of: content()))
}
@inlinable
public func option(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("option", options, children: Node.children(of: content()))
}
@inlinable
public func optgroup(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("optgroup", options, children: Node.children(of: content()))
}
@inlinable
public func textarea(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("textarea", options, children: Node.children(of: content()))
}
@inlinable
public func output(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("output", options, children: Node.children(of: content()))
}
@inlinable
public func progress(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("progress", options, children: Node.children(of: content()))
}
@inlinable
public func meter(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("meter", options, children: Node.children(of: content()))
}
@inlinable
public func dialog(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("dialog", options, children: Node.children(of: content()))
}
@inlinable
public func details(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("details", options, children: Node.children(of: content()))
}
@inlinable
public func summary(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("summary", options, children: Node.children(of: content()))
}
@inlinable
public func menu(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("menu", options, children: Node.children(of: content()))
}
@inlinable
public func b(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("b", options, children: Node.children(of: content()))
}
@inlinable
public func i(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("i", options, children: Node.children(of: content()))
}
@inlinable
public func u(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("u", options, children: Node.children(of: content()))
}
@inlinable
public func s(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("s", options, children: Node.children(of: content()))
}
@inlinable
public func q(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("q", options, children: Node.children(of: content()))
}
@inlinable
public func sub(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("sub", options, children: Node.children(of: content()))
}
@inlinable
public func sup(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("sup", options, children: Node.children(of: content()))
}
@inlinable
public func mark(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("mark", options, children: Node.children(of: content()))
}
@inlinable
public func abbr(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("abbr", options, children: Node.children(of: content()))
}
@inlinable
public func cite(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("cite", options, children: Node.children(of: content()))
}
@inlinable
public func time(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("time", options, children: Node.children(of: content()))
}
@inlinable
public func kbd(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("kbd", options, children: Node.children(of: content()))
}
@inlinable
public func samp(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("samp", options, children: Node.children(of: content()))
}
@inlinable
public func `var`(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("var", options, children: Node.children(of: content()))
}
@inlinable
public func del(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("del", options, children: Node.children(of: content()))
}
@inlinable
public func ins(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("ins", options, children: Node.children(of: content()))
}
@inlinable
public func iframe(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("iframe", options, children: Node.children(of: content()))
}
@inlinable
public func video(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("video", options, children: Node.children(of: content()))
}
@inlinable
public func audio(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("audio", options, children: Node.children(of: content()))
}
@inlinable
public func canvas(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("canvas", options, children: Node.children(of: content()))
}
@inlinable
public func picture(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("picture", options, children: Node.children(of: content()))
}
@inlinable
public func address(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("address", options, children: Node.children(of: content()))
}
@inlinable
public func search(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("search", options, children: Node.children(of: content()))
}
@inlinable
public func slot(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("slot", options, children: Node.children(of: content()))
}
@inlinable
public func br(_ options: ElementOption...) -> Node {
  makeElement("br", options, children: [])
}
@inlinable
public func hr(_ options: ElementOption...) -> Node {
  makeElement("hr", options, children: [])
}
@inlinable
public func img(_ options: ElementOption...) -> Node {
  makeElement("img", options, children: [])
}
@inlinable
public func input(_ options: ElementOption...) -> Node {
  makeElement("input", options, children: [])
}
@inlinable
public func meta(_ options: ElementOption...) -> Node {
  makeElement("meta", options, children: [])
}
@inlinable
public func link(_ options: ElementOption...) -> Node {
  makeElement("link", options, children: [])
}
@inlinable
public func area(_ options: ElementOption...) -> Node {
  makeElement("area", options, children: [])
}
@inlinable
public func base(_ options: ElementOption...) -> Node {
  makeElement("base", options, children: [])
}
@inlinable
public func col(_ options: ElementOption...) -> Node {
  makeElement("col", options, children: [])
}
@inlinable
public func embed(_ options: ElementOption...) -> Node {
  makeElement("embed", options, children: [])
}
@inlinable
public func source(_ options: ElementOption...) -> Node {
  makeElement("source", options, children: [])
}
@inlinable
public func track(_ options: ElementOption...) -> Node {
  makeElement("track", options, children: [])
}
@inlinable
public func wbr(_ options: ElementOption...) -> Node {
  makeElement("wbr", options, children: [])
}

/// An `<svg>` element; build its children with `svgElement(_:)`.
///
/// ```swift
/// svg(.viewBox("0 0 10 10")) { svgElement("circle", .attribute("r", "5")) }
/// ```
@inlinable
public func svg(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("svg", namespace: .svg, options, children: Node.children(of: content()))
}

/// An element in the SVG namespace; its name keeps its case (`foreignObject`).
public func svgElement(_ tag: String, _ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement(tag, namespace: .svg, options, children: Node.children(of: content()))
}

/// A `<math>` element; build its children with `mathElement(_:)`.
@inlinable
public func math(_ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement("math", namespace: .mathML, options, children: Node.children(of: content()))
}

/// An element in the MathML namespace.
public func mathElement(_ tag: String, _ options: ElementOption..., @NodeBuilder content: () -> Node = { .fragment([]) }) -> Node {
  makeElement(tag, namespace: .mathML, options, children: Node.children(of: content()))
}

/// A text node. Strings in a builder become text nodes on their own; this is for the places a
/// `Node` value is wanted.
public func text(_ value: String) -> Node { .text(value) }

/// A comment node.
public func comment(_ value: String) -> Node { .comment(value) }

