// libFuzzer harness for the pure request parser and path decoder.
// Built and run by Scripts/fuzz-request-parser.sh together with the parser's source files.
//
// For every input it checks that:
// - nothing traps (bounds, overflow, preconditions);
// - feeding the bytes whole and in small chunks gives the same requests and the same failure
//   status (the parser is truly incremental);
// - every request obeys the limits and has a well-formed method, target and body length;
// - every path that RequestPath accepts is safe to join under a root.

let fuzzLimits = RequestLimits(
  maximumRequestLineBytes: 200, maximumHeaderBytes: 400, maximumHeaderCount: 8, maximumBodyBytes: 300)

/// The observable outcome of parsing: requests in order, then how it ended (continue notices
/// are left out, since they depend on whether the body had already arrived).
struct Outcome: Equatable {
  var requests: [HTTPRequest] = []
  var failureStatus: Int? = nil
}

func drain(_ parser: inout HTTPRequestParser, into outcome: inout Outcome) -> Bool {
  while true {
    switch parser.nextRequest() {
    case .request(let request):
      outcome.requests.append(request)
    case .continueExpected:
      continue
    case .needMoreData:
      return true
    case .failure(let error):
      outcome.failureStatus = error.status.code
      return false
    }
  }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    print("invariant violated: \(message())")
    fatalError(message())
  }
}

func checkPath(_ raw: String) {
  guard let path = try? RequestPath(decoding: raw) else { return }
  for segment in path.segments {
    check(!segment.isEmpty && segment != "." && segment != "..", "dot or empty segment from \(raw)")
    check(!segment.utf8.contains(where: { $0 == 0x2F || $0 == 0x5C || $0 < 0x20 || $0 == 0x7F }),
      "separator or control byte in segment from \(raw)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let chunkSeed = Int(bytes[0])
  let input = Array(bytes.dropFirst())

  var whole = HTTPRequestParser(limits: fuzzLimits)
  whole.append(input)
  var wholeOutcome = Outcome()
  _ = drain(&whole, into: &wholeOutcome)

  var pieces = HTTPRequestParser(limits: fuzzLimits)
  var piecesOutcome = Outcome()
  var offset = 0
  var step = 0
  while offset < input.count {
    let length = min(input.count - offset, 1 + (chunkSeed >> (step % 4)) % 13)
    pieces.append(input[offset..<(offset + length)])
    offset += length
    step += 1
    if !drain(&pieces, into: &piecesOutcome) { break }
  }
  check(wholeOutcome == piecesOutcome, "whole \(wholeOutcome) != pieces \(piecesOutcome)")

  for request in wholeOutcome.requests {
    check(!request.method.rawValue.isEmpty, "empty method")
    check(request.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "bad target byte")
    check(request.target.utf8.count <= fuzzLimits.maximumRequestLineBytes, "target over limit")
    check(request.body.count <= fuzzLimits.maximumBodyBytes, "body over limit")
    check(request.headers.count <= fuzzLimits.maximumHeaderCount, "too many headers")
    let declared = request.headers["Content-Length"].flatMap { Int($0) } ?? 0
    check(request.body.count == declared, "body length \(request.body.count) != \(declared)")
    checkPath(request.path)
  }
  checkPath("/" + String(decoding: input, as: UTF8.self))
  return 0
}
