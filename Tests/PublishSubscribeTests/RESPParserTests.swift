import Testing

@testable import PublishSubscribe

/// The RESP reader takes replies as they arrive, in pieces, and refuses what is not RESP or is
/// past its limits instead of waiting or allocating for it.
@Suite struct RESPParserTests {
  static func values(_ text: String, split: Int? = nil) throws -> [RESPValue] {
    var parser = RESPParser()
    var out: [RESPValue] = []
    let bytes = Array(text.utf8)
    let step = split ?? bytes.count
    var index = 0
    while index < bytes.count {
      parser.append(bytes[index..<min(index + step, bytes.count)])
      index += step
      while let value = try parser.next() { out.append(value) }
    }
    return out
  }

  @Test func readsEveryRESP2Kind() throws {
    let text = "+OK\r\n-ERR no\r\n:42\r\n$3\r\nabc\r\n$-1\r\n*2\r\n$1\r\na\r\n:1\r\n*-1\r\n$0\r\n\r\n"
    #expect(
      try Self.values(text) == [
        .simple("OK"), .error("ERR no"), .integer(42), .bulk(Array("abc".utf8)), .bulk(nil),
        .array([.bulk(Array("a".utf8)), .integer(1)]), .array(nil), .bulk([]),
      ])
  }

  @Test func readsRESP3KindsAsTheRESP2OnesAClientNeeds() throws {
    let text = "_\r\n#t\r\n,3.5\r\n(123456789012345678901234567890\r\n!5\r\nERR x\r\n=8\r\ntxt:abcd\r\n"
      + "%1\r\n+k\r\n:1\r\n~1\r\n+s\r\n>3\r\n$7\r\nmessage\r\n$1\r\nc\r\n$1\r\np\r\n|1\r\n+ttl\r\n:3\r\n+after\r\n"
    #expect(
      try Self.values(text) == [
        .null, .boolean(true), .simple("3.5"), .simple("123456789012345678901234567890"), .error("ERR x"),
        .bulk(Array("abcd".utf8)), .array([.simple("k"), .integer(1)]), .array([.simple("s")]),
        .push([.bulk(Array("message".utf8)), .bulk(Array("c".utf8)), .bulk(Array("p".utf8))]), .simple("after"),
      ])
  }

  @Test func aReplyArrivingOneByteAtATimeReadsTheSame() throws {
    let text = "*3\r\n$7\r\nmessage\r\n$5\r\nlikes\r\n$4\r\n{\"a\"\r\n+OK\r\n"
    #expect(try Self.values(text, split: 1) == Self.values(text))
    #expect(try Self.values(text, split: 1).count == 2)
  }

  @Test func aTruncatedFrameWaitsForTheRestAndNeverInventsAValue() throws {
    for text in ["$10\r\nabc", "*2\r\n:1\r\n", "+OK", "+OK\r", ":12", "*1\r\n$3\r\nab"] {
      var parser = RESPParser()
      parser.append(Array(text.utf8))
      #expect(try parser.next() == nil, "\(text) is not whole")
      #expect(parser.pendingCount == text.utf8.count)
    }
  }

  @Test(arguments: [
    ("HTTP/1.1 400 Bad Request\r\n\r\n", "not RESP"),
    ("SSH-2.0-OpenSSH_9.2\r\n", "not RESP"),
    ("$abc\r\n", "where a number belongs"),
    (":12x\r\n", "where a number belongs"),
    ("$-5\r\n", "length -5"),
    ("*-7\r\n", "-7 elements"),
    ("$3\r\nabcXY", "not ended by CR LF"),
    ("+OK\rX", "CR not followed by LF"),
    ("#x\r\n", "boolean"),
    ("=2\r\nab\r\n", "verbatim"),
  ])
  func bytesThatAreNotRESPAreRefusedWithTheReason(text: String, reason: String) {
    var parser = RESPParser()
    parser.append(Array(text.utf8))
    #expect {
      _ = try parser.next()
    } throws: { error in
      (error as? RESPError)?.description.contains(reason) == true
    }
  }

  @Test func hugeLengthsAreRefusedBeforeAnyAllocation() {
    for text in ["$9999999999999\r\n", "*9999999999\r\n", "%999999999\r\n", "$99999999999999999999999\r\n"] {
      var parser = RESPParser()
      parser.append(Array(text.utf8))
      #expect(throws: RESPError.self, "\(text)") { _ = try parser.next() }
    }
  }

  @Test func deepNestingAndEndlessLinesAreRefused() {
    var nested = RESPParser()
    nested.append(Array(String(repeating: "*1\r\n", count: 100).utf8) + Array(":1\r\n".utf8))
    #expect(throws: RESPError.self) { _ = try nested.next() }
    var long = RESPParser()
    long.longestLine = 16
    long.append(Array(("+" + String(repeating: "a", count: 40)).utf8))
    #expect(throws: RESPError.self) { _ = try long.next() }
  }

  @Test func commandsAreArraysOfBulkStrings() throws {
    let bytes = RESPValue.command(["SET", "k", "two words"])
    #expect(String(decoding: bytes, as: UTF8.self) == "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$9\r\ntwo words\r\n")
    var parser = RESPParser()
    parser.append(bytes)
    #expect(try parser.next()?.elements?.compactMap(\.text) == ["SET", "k", "two words"])
  }

  @Test func redisURLsAreReadAndMistakesSaid() throws {
    let full = try RedisAddress("redis://app:s%40cret@cache.lan:6380/2")
    #expect(full == RedisAddress(host: "cache.lan", port: 6380, user: "app", password: "s@cret", database: 2))
    #expect(full.description == "redis://app@cache.lan:6380")
    #expect(try RedisAddress("redis://:pw@127.0.0.1") == RedisAddress(host: "127.0.0.1", password: "pw"))
    for (url, reason) in [
      ("http://x", "must start with redis://"), ("rediss://x", "TLS"), ("redis://", "no host"),
      ("redis://h/db", "database number"), ("redis://h:0", "port 0"),
    ] {
      #expect {
        _ = try RedisAddress(url)
      } throws: { error in
        "\(error)".contains(reason)
      }
    }
  }
}
