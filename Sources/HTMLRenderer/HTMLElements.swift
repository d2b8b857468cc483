// The HTML catalogue the serializer consults: which elements are void, raw text, or inline.
// Kept apart from the serializer so the mechanism stays short.
//
// The lists are arrays searched with `contains` rather than `switch` statements: a string
// `switch` inlines one comparison per case, which cost ~15 KB of the WebAssembly module.

enum HTMLElements {
  /// Elements with no end tag and no children.
  static func isVoid(_ tag: String) -> Bool { voidTags.contains(tag) }

  static let voidTags: [String] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr", "basefont", "bgsound", "frame", "keygen", "param",
  ]

  /// Elements whose text is written unescaped, so it must not contain their own end tag.
  static func isRawText(_ tag: String) -> Bool { rawTextTags.contains(tag) }

  static let rawTextTags: [String] = ["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript"]

  /// Elements whose text a parser reads as text only (no comments, no child elements).
  static func isTextOnly(_ tag: String) -> Bool {
    isRawText(tag) || tag == "textarea" || tag == "title"
  }

  /// Elements where a parser drops one newline right after the start tag.
  static func dropsLeadingNewline(_ tag: String) -> Bool {
    tag == "pre" || tag == "textarea" || tag == "listing"
  }

  /// Phrasing elements: pretty output never adds white space around or inside them, because
  /// it would show on the page.
  static func isInline(_ tag: String) -> Bool { inlineTags.contains(tag) }

  static let inlineTags: [String] = [
    "a", "abbr", "b", "bdi", "bdo", "br", "button", "cite", "code", "data", "dfn", "em", "i",
    "img", "input", "kbd", "label", "mark", "q", "s", "samp", "select", "small", "span",
    "strong", "sub", "sup", "time", "u", "var", "wbr", "textarea", "output", "meter",
    "progress", "del", "ins", "audio", "video", "canvas", "iframe", "embed", "object",
    "picture", "slot",
  ]
}
