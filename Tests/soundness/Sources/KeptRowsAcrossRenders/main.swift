// Rows kept from past renders and put into new ones, as a cache would, with nothing but markup
// on the page (no listeners): 3,000 renders of a 1,000-row table must not make memory grow.
// Elements without listeners share their thread's blocks; a block may be kept alive by one
// row, and that must keep nothing more alive than the block itself (no chain of renders).
import Foundation
import HTMLRenderer
import SoundnessSupport
import VirtualDOM

/// Up to eight rows from past renders, replaced in turn.
final class RowCache {
  private(set) var rows: [Node] = []
  private var next = 0

  func keep(_ row: Node) {
    if rows.count < 8 { rows.append(row) } else { rows[next] = row }
    next = (next + 1) % 8
  }
}

func tablePage(render: Int, cache: RowCache) -> Node {
  table(.class("table")) {
    tbody {
      for index in 0..<1_000 {
        tr(.key("\(render)-\(index)")) {
          td(.class("id")) { "\(index)" }
          td { a(.href("/rows/\(index)")) { "row \(index) of render \(render)" } }
        }
      }
    }
    tfoot { for row in cache.rows { row } }
  }
}

let cache = RowCache()
var bytes = 0
@MainActor func renders(_ range: Range<Int>) {
  for render in range {
    let page = tablePage(render: render, cache: cache)
    bytes += render % 10 == 0 ? SoundnessSupport.render(page).utf8.count : page.subtreeSize
    if render % 7 == 0 { cache.keep(page.element!.child(at: 0).element!.child(at: render % 1_000)) }
  }
}

let sanitized = ProcessInfo.processInfo.environment["SOUNDNESS_SANITIZER"] != nil
let measured = sanitized ? 200 : 3_000
renders(0..<200)  // warm-up
let before = residentBytes()
renders(200..<200 + measured)
let growth = residentBytes() - before
let last = SoundnessSupport.render(tablePage(render: 0, cache: cache))
require(last.contains("<td class=\"id\">999</td>") && last.contains("<tfoot><tr>"), "the page lost rows: \(last.suffix(200))")
require(cache.rows.count == 8 && bytes > 0, "the cache holds \(cache.rows.count) rows")
if sanitized {
  passed("KeptRowsAcrossRenders", "\(measured) renders under a sanitizer")
} else {
  require(growth < 4 * 1024 * 1024, "the resident set grew \(growth / 1024) KB over \(measured) renders")
  passed("KeptRowsAcrossRenders", "resident set grew \(max(growth, 0) / 1024) KB over \(measured) renders")
}
