import Testing
import XCTest

/// Reports a failed check to whichever framework runs the test: Swift Testing's `Issue.record`
/// inside a `@Test`, `XCTFail` inside an `XCTestCase`.
enum SnapshotFailure {
  static func record(_ message: String, fileID: String, filePath: String, line: Int, column: Int) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    } else {
      // XCTFail wants a StaticString file; the location goes into the message instead.
      XCTFail("\(filePath):\(line): " + message)
    }
  }
}
