import VirtualDOM

extension WasmApp {
  /// How a module writes the patches of its answers to the page: each patch as one entry (the
  /// default), or a run of inserts of one shape as one `inserts` entry, as a server does.
  ///
  /// Runs cost the module their code (about 2 KB gzip on the demo's module), which is linked
  /// only when an app asks for them; they pay back in an app that adds rows by the hundred. The
  /// page decodes, parses and collects a few strings per row instead of a tree of objects:
  /// in Chromium, creating 10,000 rows of the benchmark table took about half the script
  /// (README, "Benchmarks").
  ///
  /// ```swift
  /// WasmApp.register("table", patches: .insertRuns) { url in startContacts(url: url) }
  /// ```
  public struct PatchFormat {
    let write: ([Patch], inout JSONWriter) -> Void

    /// Each patch as one entry (`WireFormat.write`): what `register(_:startSession:)` uses.
    public static var eachPatch: PatchFormat { PatchFormat(write: WireFormat.write) }

    /// A run of inserts of one shape as one `inserts` entry (`WireFormat.writeInsertRuns`,
    /// docs/PROTOCOL.md).
    public static var insertRuns: PatchFormat { PatchFormat(write: WireFormat.writeInsertRuns) }
  }
}
