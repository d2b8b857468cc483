import BenchmarkTable
import HTMLRenderer
import LiveSessions
import StaticServe
import VirtualDOM

/// `navdom-bench payload`: what a live update costs on the wire, against re-sending the HTML.
enum PayloadBench {
  /// For each benchmark operation on `rows` rows: the live reply's JSON bytes (and gzip, as
  /// the server sends it to browsers) against the whole table's HTML (and its gzip).
  static func run(rows count: Int) {
    let rows = Row.make(count)
    for operation in [Operation.updateEveryTenth, .swapRows, .select, .removeOne, .appendThousand] {
      let change = operation.apply(to: rows)
      let after = benchmarkTable(change.after, selectedID: change.selectedAfter)
      let patches = diff(benchmarkTable(change.before), after)
      let reply = "{\"patches\":" + WireFormat.encode(patches) + "}"
      let html = try! renderHTML(after)
      let replyBytes = Array(reply.utf8)
      let htmlBytes = Array(html.utf8)
      let replyGzip = Gzip.compress(replyBytes)?.count ?? -1
      let htmlGzip = Gzip.compress(htmlBytes)?.count ?? -1
      print(
        #"{"bench":"payload","operation":"\#(operation.rawValue)","rows":\#(count),"patches":\#(patches.count),"reply_bytes":\#(replyBytes.count),"reply_gzip_bytes":\#(replyGzip),"html_bytes":\#(htmlBytes.count),"html_gzip_bytes":\#(htmlGzip)}"#)
    }
  }
}
