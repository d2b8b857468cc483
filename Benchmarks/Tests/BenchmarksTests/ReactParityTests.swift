import BenchmarkTable
import Foundation
import HTMLRenderer
import Testing
import VirtualDOM

/// The benchmark table renders byte-identical to React 18's `renderToString`
/// (`Scripts/react/render-table.js`, Debian's node-react, installed by Scripts/test.sh).
@Suite struct ReactParityTests {
  // This file is Benchmarks/Tests/BenchmarksTests/ReactParityTests.swift in the repository.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func reactHTML(rows: Int) throws -> String {
    let script = repository.appendingPathComponent("Scripts/react/render-table.js")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["node", script.path, String(rows), "1", "--print"]
    var environment = ProcessInfo.processInfo.environment
    environment["NODE_PATH"] = "/usr/share/nodejs"
    environment["NODE_ENV"] = "production"
    process.environment = environment
    // A file, not a pipe: the script calls process.exit() right after writing, which cuts
    // node's asynchronous pipe writes short.
    let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("react-\(rows)-\(UUID().uuidString).html")
    try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil), "cannot create \(outputURL.path)")
    defer { try? FileManager.default.removeItem(at: outputURL) }
    let errors = Pipe()
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = errors
    try process.run()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let data = try Data(contentsOf: outputURL)
    guard process.terminationStatus == 0 else {
      throw ReactUnavailable(reason: "render-table.js failed (\(process.terminationStatus)): \(errorText)")
    }
    return String(decoding: data, as: UTF8.self)
  }

  struct ReactUnavailable: Error { var reason: String }

  @Test(arguments: [1, 1_000])
  func benchmarkTableMatchesReactRenderToString(rows: Int) throws {
    let react = try Self.reactHTML(rows: rows)
    let ours = try renderHTML(benchmarkTable(Row.make(rows)))
    #expect(!react.isEmpty)
    // Compare lengths and the first difference rather than printing two 200 KB strings.
    let firstDifference = zip(ours.utf8, react.utf8).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    #expect(ours.utf8.count == react.utf8.count)
    #expect(firstDifference == nil, "first difference at byte \(firstDifference ?? -1)")
  }
}
