import Testing
import VirtualDOM

/// The JSON writer's strings (RFC 8259's escapes, and every other byte as it is) and numbers.
@Suite struct JSONWriterTests {
  @Test func quotesBackslashesAndControlCharactersAreEscapedAndTheRestIsCopied() {
    var writer = JSONWriter()
    writer.string("say \"hi\" \\ é🙂\n\r\t\u{0}\u{1}\u{1F}\u{7F}")
    #expect(writer.string == #""say \"hi\" \\ é🙂\n\r\t\u0000\u0001\u001f\#u{7F}""#)
  }

  @Test func everyControlCharacterBecomesSixBytesWithLowercaseHexDigits() {
    for code in UInt8(0)..<0x20 where ![0x09, 0x0A, 0x0D].contains(code) {
      var writer = JSONWriter()
      writer.string(String(decoding: [code], as: UTF8.self))
      let hex = String(code, radix: 16)
      #expect(writer.string == "\"\\u00" + (hex.count == 1 ? "0" : "") + hex + "\"")
    }
  }

  @Test func escapesAtEitherEndAndInARowAndStringsOfEveryStorage() {
    // Small (inline) and large (heap) strings, escapes first, last and back to back.
    for (text, json) in [
      ("", #""""#), ("\"", #""\"""#), ("a\"", #""a\"""#), ("\"a", #""\"a""#), ("\"\\\n", #""\"\\\n""#),
      (String(repeating: "row ", count: 40) + "\"", "\"" + String(repeating: "row ", count: 40) + #"\"""#),
    ] {
      var writer = JSONWriter()
      writer.string(text)
      #expect(writer.string == json)
    }
  }

  @Test func numbersAreWrittenInDecimalFromTheSmallestToTheLargest() {
    for value in [0, 7, 9, 10, 11, 99, 100, 101, 1_000, 123_456_789, -1, -10, -305, Int.max, Int.min] {
      var writer = JSONWriter()
      writer.number(value)
      #expect(writer.string == String(value))
    }
  }
}
