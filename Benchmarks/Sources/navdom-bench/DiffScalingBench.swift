import BenchmarkTable
import VirtualDOM

/// `navdom-bench diff-scaling`: how the diff's time grows with the rows, per benchmark
/// operation: `factor` times the rows against `rows`, in one process.
///
/// Two separate runs of `bench diff` on this shared machine can be seconds apart under
/// different load, so their ratio says as much about the neighbours as about the diff. Even in
/// one process the machine changes pace from one second to the next (the same 1,000-row diff
/// took 0.27 ms, then 0.50 ms, for seconds at a time): a round that timed all its small diffs
/// and then all its large ones could catch the two in different paces, and its ratio came out
/// 6.7 or 21 where both paces gave 11-12. So the sizes are interleaved finely: a round is
/// `pairs` pairs, each `factor` diffs at the small size and one at the large (about the same
/// wall time, a few milliseconds), alternating which goes first, and a pair's ratio is the
/// large diff's time over the small diffs' median. A round's ratio is the median of its pairs';
/// every round is printed, then the median, minimum and maximum over the rounds.
///
/// Both figures of `bench diff` are compared: `warm`, each size's diffs right after an untimed
/// one of the same trees (the small trees stay in the cache from one diff to the next, the
/// large ones cannot), and `cold`, each diff after evicting the caches
/// (`BenchCommand.evictCaches`), out of L2 at both sizes.
///
/// ```
/// navdom-bench diff-scaling --rows 1000 --factor 10 --rounds 8
/// {"bench":"diff-scaling","operation":"unchanged","round":1,"rows":[1000,10000],...,"ratio":10.9,...}
/// {"bench":"diff-scaling-summary","operation":"unchanged","rounds":8,"ratio_median":10.8,...}
/// ```
enum DiffScalingBench {
  /// One pair: `factor` diffs of `small` and one of `large`, warm (each size's after an untimed
  /// diff of its own) or cold (each after evicting the caches). Returns the small diffs'
  /// median and the large diff's time, in milliseconds.
  static func measurePair(
    small: BenchCommand.DiffCase, large: BenchCommand.DiffCase, factor: Int, cold: Bool, smallFirst: Bool
  ) -> (small: Double, large: Double) {
    let untimed = cold ? 0 : 1
    func time(_ diffCase: BenchCommand.DiffCase, _ iterations: Int) -> Double {
      let times = BenchCommand.timeDiffs(
        diffCase.mounted, to: diffCase.newRoots, iterations: iterations, untimed: untimed,
        prepare: cold ? BenchCommand.evictCaches : {}
      ).times
      return BenchCommand.milliseconds(times).median
    }
    if smallFirst {
      let smallTime = time(small, factor)
      return (smallTime, time(large, 1))
    }
    let largeTime = time(large, 1)
    return (time(small, factor), largeTime)
  }

  /// Every operation, each in a process of its own (`run` with `only` set), one after the
  /// other; stops at the first that fails, and returns 1 then.
  ///
  /// In one process each operation's trees were built from the blocks the operations before had
  /// freed, and where they landed moved its ratio by up to 2 from run to run: with `--in-process`
  /// the same build measured updateEveryTenth from 11.4 to 13.2 and removeOne from 11.8 to 13.1
  /// (three runs), and each 10.4-11.3 alone: the allocator hands out the blocks the earlier
  /// operations freed, so a tree of another shape is spread over them. Alone, an operation's
  /// trees are laid out as the program built them, whatever ran before, which is what the
  /// ratio is meant to compare.
  static func runEachInItsOwnProcess(rows: Int, factor: Int, rounds: Int, iterations: Int) -> Int32 {
    for operation in Operation.allCases {
      let arguments = [
        "diff-scaling", "--rows", "\(rows)", "--factor", "\(factor)", "--rounds", "\(rounds)",
        "--iterations", "\(iterations)", "--operation", operation.rawValue,
      ]
      guard let status = ChildProcess.runSelf(arguments) else { return 1 }
      guard status == 0 else {
        // Foundation gives a signal's number for a child it killed: "status" covers both.
        Console.error("bench diff-scaling --operation \(operation.rawValue) failed (status \(status))")
        return 1
      }
    }
    return 0
  }

  static func run(rows: Int, factor: Int, rounds: Int, iterations: Int, only: Operation?) {
    for operation in Operation.allCases where only == nil || operation == only {
      // Both sizes built before any timing, the small one first, and kept for every round.
      let small = BenchCommand.DiffCase(operation: operation, rows: rows)
      let large = BenchCommand.DiffCase(operation: operation, rows: rows * factor)
      let pairs = max(5, iterations / factor)
      var warmRatios: [Double] = []
      var coldRatios: [Double] = []
      for round in 1...rounds {
        var warm = (small: [Double](), large: [Double](), ratios: [Double]())
        var cold = warm
        for pair in 0..<pairs {
          // Alternating which size goes first: neither always runs right after the other.
          let smallFirst = (round + pair) % 2 == 1
          let warmPair = measurePair(small: small, large: large, factor: factor, cold: false, smallFirst: smallFirst)
          warm.small.append(warmPair.small)
          warm.large.append(warmPair.large)
          warm.ratios.append(ratio(warmPair.large, warmPair.small))
          let coldPair = measurePair(small: small, large: large, factor: factor, cold: true, smallFirst: smallFirst)
          cold.small.append(coldPair.small)
          cold.large.append(coldPair.large)
          cold.ratios.append(ratio(coldPair.large, coldPair.small))
        }
        let warmRatio = median(warm.ratios)
        let coldRatio = median(cold.ratios)
        warmRatios.append(warmRatio)
        coldRatios.append(coldRatio)
        print(
          #"{"bench":"diff-scaling","operation":"\#(operation.rawValue)","round":\#(round),"rows":[\#(small.rows),\#(large.rows)],"pairs":\#(pairs),"iterations":[\#(pairs * factor),\#(pairs)],"ms_per_diff":[\#(BenchCommand.rounded(median(warm.small), places: 4)),\#(BenchCommand.rounded(median(warm.large), places: 4))],"ratio":\#(BenchCommand.rounded(warmRatio, places: 2)),"ms_per_diff_cold":[\#(BenchCommand.rounded(median(cold.small), places: 4)),\#(BenchCommand.rounded(median(cold.large), places: 4))],"ratio_cold":\#(BenchCommand.rounded(coldRatio, places: 2))}"#
        )
      }
      let warm = summary(warmRatios)
      let cold = summary(coldRatios)
      print(
        #"{"bench":"diff-scaling-summary","operation":"\#(operation.rawValue)","rows":[\#(small.rows),\#(large.rows)],"rounds":\#(rounds),"ratio_median":\#(warm.median),"ratio_min":\#(warm.minimum),"ratio_max":\#(warm.maximum),"ratio_cold_median":\#(cold.median),"ratio_cold_min":\#(cold.minimum),"ratio_cold_max":\#(cold.maximum)}"#
      )
    }
  }

  /// The median of `values`, which is not empty.
  static func median(_ values: [Double]) -> Double { BenchCommand.median(values.sorted()) }

  /// Large over small; 0 when the small figure is (a diff shorter than the clock's resolution).
  static func ratio(_ large: Double, _ small: Double) -> Double { small > 0 ? large / small : 0 }

  /// The median, minimum and maximum of `ratios`, rounded to two places.
  static func summary(_ ratios: [Double]) -> (median: Double, minimum: Double, maximum: Double) {
    let sorted = ratios.sorted()
    return (
      BenchCommand.rounded(median(sorted), places: 2), BenchCommand.rounded(sorted[0], places: 2),
      BenchCommand.rounded(sorted[sorted.count - 1], places: 2)
    )
  }
}
