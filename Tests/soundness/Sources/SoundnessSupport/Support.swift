import Foundation
import HTMLRenderer
import VirtualDOM

/// Stops the program with `message` when `condition` is false: a wrong output is a failure as
/// much as a crash is.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    FileHandle.standardError.write(Data("soundness: FAILED: \(message())\n".utf8))
    exit(1)
  }
}

/// Prints the program's verdict; `run.sh` looks for it.
public func passed(_ program: String, _ detail: String = "") {
  print("soundness: \(program) passed\(detail.isEmpty ? "" : ": \(detail)")")
}

/// A list of `count` items, each with a link: the page the programs build again and again.
public func listPage(_ count: Int, label: String = "item") -> Node {
  ul(.class("items")) {
    for index in 0..<count {
      li(.key("\(index)")) { a(.href("/items/\(index)")) { "\(label) \(index)" } }
    }
  }
}

/// What `listPage` renders to, spelled out without the DSL.
public func expectedListHTML(_ count: Int, label: String = "item") -> String {
  var html = "<ul class=\"items\">"
  for index in 0..<count { html += "<li><a href=\"/items/\(index)\">\(label) \(index)</a></li>" }
  return html + "</ul>"
}

/// Renders `node`, stopping the program on a render error.
public func render(_ node: Node) -> String {
  do { return try renderHTML(node) } catch { require(false, "render failed: \(error)"); return "" }
}

/// The process's resident set, in bytes (Linux: /proc/self/statm).
public func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
