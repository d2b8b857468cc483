import Foundation

// navdom-bench: navdom's benchmarks, one JSON object per line (BenchUsage says which). Exit
// status: 0 on success, 1 on a failed run, 2 on bad usage.
exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
