import Testing
import VirtualDOM

/// The JSON writer's strings: RFC 8259's escapes, and every other byte as it is.
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
}
