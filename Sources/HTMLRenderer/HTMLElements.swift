// The HTML catalogue the serializer consults: which elements are void, raw text, or inline.
// Kept apart from the serializer so the mechanism stays short.
//
// Tags are looked up by their bytes packed into an integer (a tag of up to eight ASCII bytes,
// first byte lowest), so classifying an element is one switch, not a run of string compares.
// The constants are generated; `Names.packedTag` is the function that makes them.

/// What the serializer needs to know about an HTML tag.
struct TagTraits: OptionSet {
  let rawValue: UInt8
  /// No end tag and no children (`br`, `input`).
  static let void = TagTraits(rawValue: 1)
  /// Text written unescaped, which must not contain the element's end tag (`script`, `style`).
  static let rawText = TagTraits(rawValue: 2)
  /// Holds text only: raw text elements, plus `textarea` and `title` (escaped).
  static let textOnly = TagTraits(rawValue: 4)
  /// A parser drops one newline right after the start tag (`pre`, `textarea`, `listing`).
  static let dropsLeadingNewline = TagTraits(rawValue: 8)
  /// Phrasing content: pretty output adds no white space around or inside it.
  static let inline = TagTraits(rawValue: 16)
}

enum HTMLElements {
  /// The traits of an HTML tag given as `Names.packedTag` packs it (`Element.packedTag`); 0,
  /// for tags longer than eight bytes or invalid ones, has none.
  static func traits(packed: UInt64) -> TagTraits {
    switch packed {
    case 0x61: return [.inline]  // a
    case 0x72626261: return [.inline]  // abbr
    case 0x61657261: return [.void]  // area
    case 0x6F69647561: return [.inline]  // audio
    case 0x62: return [.inline]  // b
    case 0x65736162: return [.void]  // base
    case 0x746E6F6665736162: return [.void]  // basefont
    case 0x696462: return [.inline]  // bdi
    case 0x6F6462: return [.inline]  // bdo
    case 0x646E756F736762: return [.void]  // bgsound
    case 0x7262: return [.void, .inline]  // br
    case 0x6E6F74747562: return [.inline]  // button
    case 0x7361766E6163: return [.inline]  // canvas
    case 0x65746963: return [.inline]  // cite
    case 0x65646F63: return [.inline]  // code
    case 0x6C6F63: return [.void]  // col
    case 0x61746164: return [.inline]  // data
    case 0x6C6564: return [.inline]  // del
    case 0x6E6664: return [.inline]  // dfn
    case 0x6D65: return [.inline]  // em
    case 0x6465626D65: return [.void, .inline]  // embed
    case 0x656D617266: return [.void]  // frame
    case 0x7268: return [.void]  // hr
    case 0x69: return [.inline]  // i
    case 0x656D61726669: return [.rawText, .textOnly, .inline]  // iframe
    case 0x676D69: return [.void, .inline]  // img
    case 0x7475706E69: return [.void, .inline]  // input
    case 0x736E69: return [.inline]  // ins
    case 0x64626B: return [.inline]  // kbd
    case 0x6E656779656B: return [.void]  // keygen
    case 0x6C6562616C: return [.inline]  // label
    case 0x6B6E696C: return [.void]  // link
    case 0x676E697473696C: return [.dropsLeadingNewline]  // listing
    case 0x6B72616D: return [.inline]  // mark
    case 0x6174656D: return [.void]  // meta
    case 0x726574656D: return [.inline]  // meter
    case 0x6465626D656F6E: return [.rawText, .textOnly]  // noembed
    case 0x73656D6172666F6E: return [.rawText, .textOnly]  // noframes
    case 0x7470697263736F6E: return [.rawText, .textOnly]  // noscript
    case 0x7463656A626F: return [.inline]  // object
    case 0x74757074756F: return [.inline]  // output
    case 0x6D61726170: return [.void]  // param
    case 0x65727574636970: return [.inline]  // picture
    case 0x657270: return [.dropsLeadingNewline]  // pre
    case 0x73736572676F7270: return [.inline]  // progress
    case 0x71: return [.inline]  // q
    case 0x73: return [.inline]  // s
    case 0x706D6173: return [.inline]  // samp
    case 0x747069726373: return [.rawText, .textOnly]  // script
    case 0x7463656C6573: return [.inline]  // select
    case 0x746F6C73: return [.inline]  // slot
    case 0x6C6C616D73: return [.inline]  // small
    case 0x656372756F73: return [.void]  // source
    case 0x6E617073: return [.inline]  // span
    case 0x676E6F727473: return [.inline]  // strong
    case 0x656C797473: return [.rawText, .textOnly]  // style
    case 0x627573: return [.inline]  // sub
    case 0x707573: return [.inline]  // sup
    case 0x6165726174786574: return [.textOnly, .dropsLeadingNewline, .inline]  // textarea
    case 0x656D6974: return [.inline]  // time
    case 0x656C746974: return [.textOnly]  // title
    case 0x6B63617274: return [.void]  // track
    case 0x75: return [.inline]  // u
    case 0x726176: return [.inline]  // var
    case 0x6F65646976: return [.inline]  // video
    case 0x726277: return [.void, .inline]  // wbr
    case 0x706D78: return [.rawText, .textOnly]  // xmp
    default: return []
    }
  }
}
