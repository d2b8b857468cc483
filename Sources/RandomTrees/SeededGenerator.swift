/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// trees on every machine, so a failing case can be replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<upperBound`.
  public mutating func below(_ upperBound: Int) -> Int {
    Int(next() % UInt64(upperBound))
  }

  /// True with probability `percent` / 100.
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
