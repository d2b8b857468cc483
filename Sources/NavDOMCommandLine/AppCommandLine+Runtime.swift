import Foundation
import StaticServe
import LiveSessions

extension AppCommandLine {
  static let runtimeUsage = """
    usage: \(program) runtime [--output FILE]

    The browser runtime as pages load it from /runtime.js: one ES module, bundled from the
    library's modules. On standard output, or written to FILE. The live server serves it by
    itself; this is for a server that serves your static files (nginx, a CDN: see
    docs/DEPLOYMENT.md).
    """

  /// `runtime [--output FILE]`: the browser runtime's bundle (what `/runtime.js` serves), on
  /// standard output or into FILE, for a server that serves static files itself.
  ///
  /// ```swift
  /// AppCommandLine.runtime(arguments: ["--output", "public/runtime.js"])
  /// ```
  public static func runtime(arguments: [String]) -> Int32 {
    guard let options = CommandLineOptions(arguments, valued: ["--output"], flags: ["--help"]) else { return 2 }
    if options.flags.contains("--help") {
      print(runtimeUsage)
      return 0
    }
    guard options.positional.isEmpty else {
      CommandLineOptions.complain("runtime takes no arguments but --output FILE\n\n" + runtimeUsage)
      return 2
    }
    let bundle: MemoryFile
    switch BrowserRuntimeBundle.served {
    case .success(let served): bundle = served
    case .failure(let error):
      CommandLineOptions.complain("the runtime cannot be bundled: \(error)")
      return 1
    }
    guard let output = options.values["--output"] else {
      FileHandle.standardOutput.write(Data(bundle.bytes))
      return 0
    }
    do {
      try Data(bundle.bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
      return 0
    } catch {
      CommandLineOptions.complain("\(output): \(error.localizedDescription)")
      return 1
    }
  }
}
