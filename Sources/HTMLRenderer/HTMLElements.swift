// The HTML catalogue the serializer consults: which elements are void, raw text, or inline.
// Kept apart from the serializer so the mechanism stays short.
//
// Tags are looked up by their bytes packed into an integer (a tag of up to eight ASCII bytes,
// first byte lowest), so classifying an element is a search of integers, not a run of string compares.
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
  ///
  /// A binary search of a sorted table. The switch it replaced was a little faster natively
  /// (about 2% of rendering the 10,000-row table, by callgrind) but a few kilobytes larger in
  /// the WebAssembly module, which has to fit issue 6's 80 KiB gzip.
  static func traits(packed: UInt64) -> TagTraits {
    var low = 0
    var high = packedTags.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = packedTags[middle]
      if candidate == packed { return TagTraits(rawValue: tagTraits[middle]) }
      if candidate < packed { low = middle + 1 } else { high = middle }
    }
    return []
  }

  /// `traits(packed:)` for the compact writer, where only `.void`, `.rawText`, `.textOnly` and
  /// `.dropsLeadingNewline` matter.
  ///
  /// Most tags (`div`, `td`, `span`) have none of those, and a hash rules them out before the
  /// search: about 6 instructions instead of about 100 (by callgrind, the 10,000-row table).
  @inline(__always)
  static func compactTraits(packed: UInt64) -> TagTraits {
    #if hasFeature(Embedded)
      // Not in the WebAssembly module: it has no room for the test (measured +60 bytes gzip).
      return traits(packed: packed)
    #else
      // Bit `(packed &* multiplier) >> 57` of the 128 is set for each of the 29 tags with one
      // of those traits. The multiplier was searched for so that 90 of 91 common tags without
      // them (all but `h1`) fall on a clear bit. CompactWriterTests' tests of every void and
      // text-only element fail if a tag with a trait does not.
      let bucket = (packed &* 0x089C_36B9_1685_B2A9) >> 57
      let bits: UInt64 = bucket < 64 ? 0x4045_0000_1328_08A0 : 0xC024_4000_5044_444A
      guard (bits >> (bucket & 63)) & 1 != 0 else { return [] }
      return traits(packed: packed)
    #endif
  }

  /// The tags with traits, packed, in ascending order.
  private static let packedTags: [UInt64] = [
    0x61,  // a
    0x62,  // b
    0x69,  // i
    0x71,  // q
    0x73,  // s
    0x75,  // u
    0x6D65,  // em
    0x7262,  // br
    0x7268,  // hr
    0x627573,  // sub
    0x64626B,  // kbd
    0x657270,  // pre
    0x676D69,  // img
    0x696462,  // bdi
    0x6C6564,  // del
    0x6C6F63,  // col
    0x6E6664,  // dfn
    0x6F6462,  // bdo
    0x706D78,  // xmp
    0x707573,  // sup
    0x726176,  // var
    0x726277,  // wbr
    0x736E69,  // ins
    0x61657261,  // area
    0x61746164,  // data
    0x6174656D,  // meta
    0x65646F63,  // code
    0x656D6974,  // time
    0x65736162,  // base
    0x65746963,  // cite
    0x6B6E696C,  // link
    0x6B72616D,  // mark
    0x6E617073,  // span
    0x706D6173,  // samp
    0x72626261,  // abbr
    0x746F6C73,  // slot
    0x6465626D65,  // embed
    0x656C746974,  // title
    0x656C797473,  // style
    0x656D617266,  // frame
    0x6B63617274,  // track
    0x6C6562616C,  // label
    0x6C6C616D73,  // small
    0x6D61726170,  // param
    0x6F65646976,  // video
    0x6F69647561,  // audio
    0x726574656D,  // meter
    0x7475706E69,  // input
    0x656372756F73,  // source
    0x656D61726669,  // iframe
    0x676E6F727473,  // strong
    0x6E656779656B,  // keygen
    0x6E6F74747562,  // button
    0x7361766E6163,  // canvas
    0x7463656A626F,  // object
    0x7463656C6573,  // select
    0x747069726373,  // script
    0x74757074756F,  // output
    0x6465626D656F6E,  // noembed
    0x646E756F736762,  // bgsound
    0x65727574636970,  // picture
    0x676E697473696C,  // listing
    0x6165726174786574,  // textarea
    0x73656D6172666F6E,  // noframes
    0x73736572676F7270,  // progress
    0x746E6F6665736162,  // basefont
    0x7470697263736F6E,  // noscript
  ]

  /// `tagTraits[i]` is the raw `TagTraits` of `packedTags[i]` (void 1, rawText 2, textOnly 4,
  /// dropsLeadingNewline 8, inline 16).
  private static let tagTraits: [UInt8] = [
    16,  // a: inline
    16,  // b: inline
    16,  // i: inline
    16,  // q: inline
    16,  // s: inline
    16,  // u: inline
    16,  // em: inline
    17,  // br: void, inline
    1,  // hr: void
    16,  // sub: inline
    16,  // kbd: inline
    8,  // pre: dropsLeadingNewline
    17,  // img: void, inline
    16,  // bdi: inline
    16,  // del: inline
    1,  // col: void
    16,  // dfn: inline
    16,  // bdo: inline
    6,  // xmp: rawText, textOnly
    16,  // sup: inline
    16,  // var: inline
    17,  // wbr: void, inline
    16,  // ins: inline
    1,  // area: void
    16,  // data: inline
    1,  // meta: void
    16,  // code: inline
    16,  // time: inline
    1,  // base: void
    16,  // cite: inline
    1,  // link: void
    16,  // mark: inline
    16,  // span: inline
    16,  // samp: inline
    16,  // abbr: inline
    16,  // slot: inline
    17,  // embed: void, inline
    4,  // title: textOnly
    6,  // style: rawText, textOnly
    1,  // frame: void
    1,  // track: void
    16,  // label: inline
    16,  // small: inline
    1,  // param: void
    16,  // video: inline
    16,  // audio: inline
    16,  // meter: inline
    17,  // input: void, inline
    1,  // source: void
    22,  // iframe: rawText, textOnly, inline
    16,  // strong: inline
    1,  // keygen: void
    16,  // button: inline
    16,  // canvas: inline
    16,  // object: inline
    16,  // select: inline
    6,  // script: rawText, textOnly
    16,  // output: inline
    6,  // noembed: rawText, textOnly
    1,  // bgsound: void
    16,  // picture: inline
    8,  // listing: dropsLeadingNewline
    28,  // textarea: textOnly, dropsLeadingNewline, inline
    6,  // noframes: rawText, textOnly
    16,  // progress: inline
    1,  // basefont: void
    6,  // noscript: rawText, textOnly
  ]
}
