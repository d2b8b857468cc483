import Foundation
import HTMLRenderer
import NavigationCore
import VirtualDOM

/// Compares a view's pretty HTML with a snapshot file stored next to the test, and records it
/// when there is none (or when `NAVDOM_RECORD_SNAPSHOTS=1`). A mismatch fails the test with a
/// line diff; so does an empty render, which is never recorded. Works in Swift Testing and
/// XCTest.
///
/// Snapshots live in `__Snapshots__/<TestFile>/<name>.html` beside the test file; review them
/// like code.
///
/// ```swift
/// @Test func deleteAlert() throws {
///   let driver = PageDriver(model: InventoryModel()) { inventoryView($0) }
///   try driver.press("Delete")
///   assertSnapshot(of: driver.runtime, named: "delete-alert")
/// }
/// ```
public func assertSnapshot(
  of runtime: NavigationRuntime, named name: String,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
  assertRenderedSnapshot(named: name, fileID: fileID, filePath: filePath, line: line, column: column) {
    () throws(RenderError) in try runtime.renderHTML(style: .pretty)
  }
}

/// Compares a node's pretty HTML with a stored snapshot; see `assertSnapshot(of:named:)`.
///
/// ```swift
/// assertSnapshot(of: ul { li { "One" } }, named: "list")
/// ```
public func assertSnapshot(
  of node: Node, named name: String,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
  assertRenderedSnapshot(named: name, fileID: fileID, filePath: filePath, line: line, column: column) {
    () throws(RenderError) in try renderHTML(node, style: .pretty)
  }
}

/// Renders, then compares; a render error is a test failure, not a crash.
private func assertRenderedSnapshot(
  named name: String, fileID: String, filePath: String, line: Int, column: Int,
  render: () throws(RenderError) -> String
) {
  do {
    let html = try render()
    assertSnapshot(of: html, named: name, fileID: fileID, filePath: filePath, line: line, column: column)
  } catch {
    SnapshotFailure.record(
      "could not render the snapshot \"\(name)\": \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Compares HTML text with a stored snapshot; see `assertSnapshot(of:named:)`.
public func assertSnapshot(
  of html: String, named name: String,
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
  let testFile = URL(fileURLWithPath: filePath)
  let directory = testFile.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let file = directory.appendingPathComponent(name + ".html")
  let isRecording = ProcessInfo.processInfo.environment["NAVDOM_RECORD_SNAPSHOTS"] == "1"
  let fail = { (message: String) in
    SnapshotFailure.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  guard !isRecording, let stored = try? String(contentsOf: file, encoding: .utf8) else {
    // An empty document is a failed render, never a state worth keeping.
    guard html.contains(where: { !$0.isWhitespace }) else {
      fail("refused to record the snapshot \"\(name)\" at \(file.path): the rendered HTML is empty")
      return
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try html.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      fail("could not record the snapshot at \(file.path): \(error)")
      return
    }
    // A recorded snapshot is not a pass: the next run compares against it. In CI, where
    // nothing should be recorded, this keeps a missing file from passing silently.
    fail("recorded a new snapshot at \(file.path); review it and run the tests again")
    return
  }
  if stored != html {
    fail("snapshot \"\(name)\" does not match \(file.path):\n" + SnapshotDiff.lines(expected: stored, actual: html)
      + "\n(re-record with NAVDOM_RECORD_SNAPSHOTS=1 if the change is intended)")
  }
}
