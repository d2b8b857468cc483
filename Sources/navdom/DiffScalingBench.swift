import BenchmarkTable
import VirtualDOM

/// `navdom bench diff-scaling`: how the diff's time grows with the rows, per benchmark
/// operation: `factor` times the rows against `rows`, in one process.
///
/// Two separate runs of `bench diff` on this shared machine can be seconds apart under
/// different load, so their ratio says as much about the neighbours as about the diff. Here
/// every round times both sizes back to back, alternating which goes first, with the same
/// code: the median of `iterations` diffs at the small size and of `iterations / factor` (at
/// least 5) at the large one, so each gets about the same wall time. A round's ratio is large
/// over small; every round is printed, then the median, minimum and maximum over the rounds.
///
/// Both figures of `bench diff` are compared: `warm`, diffs back to back (the small trees stay
/// in the 4 MiB L2 cache from one diff to the next, the large ones cannot), and `cold`, each
/// diff after evicting the caches (`BenchCommand.evictCaches`), out of L2 at both sizes.
///
/// ```
/// navdom bench diff-scaling --rows 1000 --factor 10 --rounds 8
/// {"bench":"diff-scaling","operation":"unchanged","round":1,"rows":[1000,10000],...,"ratio":10.9,...}
/// {"bench":"diff-scaling-summary","operation":"unchanged","rounds":8,"ratio_median":10.8,...}
/// ```
enum DiffScalingBench {
  /// Median ms per diff of `diffCase`, back to back and after evicting the caches.
  static func measure(_ diffCase: BenchCommand.DiffCase, iterations: Int) -> (warm: Double, cold: Double) {
    let times = diffCase.timeDiffs(iterations: iterations)
    return (BenchCommand.milliseconds(times.warm).median, BenchCommand.milliseconds(times.cold).median)
  }

  static func run(rows: Int, factor: Int, rounds: Int, iterations: Int, only: Operation?) {
    for operation in Operation.allCases where only == nil || operation == only {
      // Both sizes built before any timing, the small one first, and kept for every round.
      let small = BenchCommand.DiffCase(operation: operation, rows: rows)
      let large = BenchCommand.DiffCase(operation: operation, rows: rows * factor)
      let largeIterations = max(5, iterations / factor)
      var warmRatios: [Double] = []
      var coldRatios: [Double] = []
      for round in 1...rounds {
        // Alternating which size goes first: neither always runs right after the other.
        let smallFirst = round % 2 == 1
        var smallFigures = (warm: 0.0, cold: 0.0)
        var largeFigures = (warm: 0.0, cold: 0.0)
        if smallFirst { smallFigures = measure(small, iterations: iterations) }
        largeFigures = measure(large, iterations: largeIterations)
        if !smallFirst { smallFigures = measure(small, iterations: iterations) }
        let warmRatio = ratio(largeFigures.warm, smallFigures.warm)
        let coldRatio = ratio(largeFigures.cold, smallFigures.cold)
        warmRatios.append(warmRatio)
        coldRatios.append(coldRatio)
        print(
          #"{"bench":"diff-scaling","operation":"\#(operation.rawValue)","round":\#(round),"rows":[\#(small.rows),\#(large.rows)],"iterations":[\#(iterations),\#(largeIterations)],"ms_per_diff":[\#(BenchCommand.rounded(smallFigures.warm, places: 4)),\#(BenchCommand.rounded(largeFigures.warm, places: 4))],"ratio":\#(BenchCommand.rounded(warmRatio, places: 2)),"ms_per_diff_cold":[\#(BenchCommand.rounded(smallFigures.cold, places: 4)),\#(BenchCommand.rounded(largeFigures.cold, places: 4))],"ratio_cold":\#(BenchCommand.rounded(coldRatio, places: 2))}"#
        )
      }
      let warm = summary(warmRatios)
      let cold = summary(coldRatios)
      print(
        #"{"bench":"diff-scaling-summary","operation":"\#(operation.rawValue)","rows":[\#(small.rows),\#(large.rows)],"rounds":\#(rounds),"ratio_median":\#(warm.median),"ratio_min":\#(warm.minimum),"ratio_max":\#(warm.maximum),"ratio_cold_median":\#(cold.median),"ratio_cold_min":\#(cold.minimum),"ratio_cold_max":\#(cold.maximum)}"#
      )
    }
  }

  /// Large over small; 0 when the small figure is (a diff shorter than the clock's resolution).
  static func ratio(_ large: Double, _ small: Double) -> Double { small > 0 ? large / small : 0 }

  /// The median, minimum and maximum of `ratios`, rounded to two places.
  static func summary(_ ratios: [Double]) -> (median: Double, minimum: Double, maximum: Double) {
    let sorted = ratios.sorted()
    return (
      BenchCommand.rounded(BenchCommand.median(sorted), places: 2), BenchCommand.rounded(sorted[0], places: 2),
      BenchCommand.rounded(sorted[sorted.count - 1], places: 2)
    )
  }
}
