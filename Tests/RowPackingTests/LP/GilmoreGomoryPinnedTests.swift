import RowPacking
import TestSupport
import XCTest

/// Column generation's path pinned on seeded instances: the pivots, dual
/// pivots, mispricings, pool size and Farley's bound of a cold solve, a
/// cold solve with a row limit, exchange columns and smoothing at a
/// capacity beyond the dynamic programme, a warm start and a resize.
/// A change to the order of pricing, the entering rule or the smoothing
/// changes these numbers; a refactoring must not.
final class GilmoreGomoryPinnedTests: XCTestCase {
  /// One solve's path: what a refactoring must leave as it is.
  struct Path: Equatable, CustomStringConvertible {
    var iterations: Int
    var dualPivots: Int
    var mispricings: Int
    var pool: Int
    /// The pool's patterns in order, hashed (a polynomial over their counts).
    var columns: Int
    var bound: Int
    var isOptimal: Bool
    init(
      _ iterations: Int, _ dualPivots: Int, _ mispricings: Int, _ pool: Int, _ columns: Int, _ bound: Int,
      _ isOptimal: Bool
    ) {
      (self.iterations, self.dualPivots, self.mispricings) = (iterations, dualPivots, mispricings)
      (self.pool, self.columns, self.bound, self.isOptimal) = (pool, columns, bound, isOptimal)
    }
    var description: String {
      "Path(\(iterations), \(dualPivots), \(mispricings), \(pool), \(columns), \(bound), \(isOptimal))"
    }
  }

  func path(_ lp: GilmoreGomory, sizes: [Int], demands: [Int], capacity: Int) -> Path {
    Path(
      lp.iterations, lp.dualPivots, lp.mispricings, lp.pool.count,
      lp.pool.joined().reduce(17) { ($0 &* 31 &+ $1) % 1_000_000_007 },
      farleyBound(sizes: sizes, multiplicities: demands, capacity: capacity, duals: lp.duals), lp.isOptimal)
  }

  /// The six solves of one seed: cold; row limit, exchanges and smoothing
  /// (capacity x 1009: branch and bound and the grid bound price); warm
  /// from it for fewer items; resized to sizes rounded down; smoothed to
  /// the optimum at the large capacity; smoothed to the rows at the small
  /// one (the dynamic programme prices).
  func paths(seed: Int) -> [Path] {
    var rng = SplitMix64(seed: UInt64(880_000 + seed))
    let capacity = Int.random(in: 60...150, using: &rng)
    let types = Int.random(in: 4...14, using: &rng)
    let widths = Set((0..<types).map { _ in Int.random(in: (capacity / 8 + 1)...(capacity * 2 / 3), using: &rng) })
    let sizes = widths.sorted(by: >)
    let demands = sizes.map { _ in Int.random(in: 1...9, using: &rng) }
    let cold = GilmoreGomory(sizes: sizes, demands: demands, capacity: capacity, tolerance: 1e-9)
    let factor = 1009
    let large = sizes.map { $0 * factor - Int.random(in: 0..<factor, using: &rng) }
    let ceiling = Int((cold.objective - 1e-6).rounded(.up))
    let limited = GilmoreGomory(
      sizes: large, demands: demands, capacity: capacity * factor, rowLimit: ceiling, knownBound: ceiling - 1,
      exchanges: true, smoothing: 0.7)
    let drawn = demands.map { Int.random(in: 0...$0, using: &rng) }
    let residual = drawn.allSatisfy { $0 == 0 } ? demands : drawn
    let warm = GilmoreGomory(resolving: limited, demands: residual)
    let smaller = large.map { $0 - $0 / 50 }
    let resized = GilmoreGomory(resizing: limited, sizes: smaller, capacity: capacity * factor)
    let smoothed = GilmoreGomory(
      sizes: large, demands: demands, capacity: capacity * factor, tolerance: 1e-9, smoothing: 0.7)
    let smoothedToRows = GilmoreGomory(
      sizes: sizes, demands: demands, capacity: capacity, rowLimit: ceiling, tolerance: 1e-9, exchanges: true,
      smoothing: 0.5)
    return [
      path(cold, sizes: sizes, demands: demands, capacity: capacity),
      path(limited, sizes: large, demands: demands, capacity: capacity * factor),
      path(warm, sizes: large, demands: residual, capacity: capacity * factor),
      path(resized, sizes: smaller, demands: demands, capacity: capacity * factor),
      path(smoothed, sizes: large, demands: demands, capacity: capacity * factor),
      path(smoothedToRows, sizes: sizes, demands: demands, capacity: capacity),
    ]
  }

  /// Recorded before `GilmoreGomory`'s column generation was split into
  /// named steps: (pivots, dual pivots, mispricings, pool,
  /// columns' hash, bound, optimal).
  static let pinned: [[Path]] = [
    [
      .init(11, 0, 0, 21, 918245670, 23, true),
      .init(20, 0, 0, 23, 948478527, 23, true),
      .init(12, 4, 0, 25, 562566253, 12, true),
      .init(10, 0, 0, 28, 81821103, 22, true),
      .init(20, 0, 0, 28, 111462342, 23, true),
      .init(9, 0, 1, 15, 172077045, 23, true),
    ],
    [
      .init(8, 0, 0, 20, 841561776, 35, true),
      .init(10, 0, 0, 17, 891659019, 35, true),
      .init(12, 4, 0, 22, 586023109, 15, true),
      .init(6, 0, 0, 19, 992638060, 34, true),
      .init(9, 0, 0, 21, 225400004, 35, true),
      .init(7, 0, 1, 15, 697941429, 35, true),
    ],
    [
      .init(8, 0, 0, 15, 518429895, 16, true),
      .init(15, 0, 0, 17, 772833859, 15, true),
      .init(4, 3, 0, 17, 772833859, 8, true),
      .init(3, 0, 0, 20, 727827741, 15, true),
      .init(12, 0, 0, 18, 304361592, 15, true),
      .init(4, 0, 0, 9, 643818232, 16, true),
    ],
    [
      .init(6, 0, 0, 14, 965854838, 19, true),
      .init(10, 0, 0, 15, 771399798, 19, true),
      .init(8, 2, 0, 18, 295069379, 12, true),
      .init(3, 0, 0, 18, 250104947, 18, true),
      .init(6, 0, 0, 14, 345247245, 19, true),
      .init(7, 0, 2, 13, 590093907, 19, true),
    ],
    [
      .init(4, 0, 0, 10, 754399281, 27, true),
      .init(4, 0, 0, 8, 518829435, 27, true),
      .init(0, 0, 0, 8, 518829435, 14, true),
      .init(0, 0, 0, 8, 518829435, 27, true),
      .init(4, 0, 0, 10, 187266027, 27, true),
      .init(3, 0, 1, 7, 869219332, 27, true),
    ],
    [
      .init(16, 0, 0, 25, 938487448, 22, true),
      .init(11, 0, 0, 16, 284377461, 22, true),
      .init(3, 1, 0, 17, 469504234, 14, true),
      .init(1, 0, 0, 17, 729474111, 22, true),
      .init(19, 0, 0, 27, 996486154, 22, true),
      .init(11, 0, 1, 14, 478785415, 22, true),
    ],
    [
      .init(4, 0, 0, 8, 246131665, 9, true),
      .init(3, 0, 0, 7, 48849369, 9, true),
      .init(5, 0, 0, 8, 951595938, 3, true),
      .init(7, 0, 0, 13, 131529701, 7, true),
      .init(3, 0, 0, 8, 951595908, 9, true),
      .init(4, 0, 0, 7, 190868576, 9, true),
    ],
    [
      .init(6, 0, 0, 12, 102287376, 10, true),
      .init(8, 0, 0, 11, 663160238, 10, true),
      .init(3, 1, 0, 12, 197965866, 4, true),
      .init(1, 0, 0, 12, 197967756, 10, true),
      .init(8, 0, 0, 14, 152809951, 10, true),
      .init(6, 0, 0, 9, 275370619, 10, true),
    ],
    [
      .init(12, 0, 0, 23, 154291319, 19, true),
      .init(24, 0, 0, 28, 651584723, 18, true),
      .init(5, 4, 0, 29, 164072862, 13, true),
      .init(11, 0, 0, 37, 922949647, 18, true),
      .init(13, 0, 0, 24, 159151389, 18, true),
      .init(13, 0, 3, 19, 671317183, 19, true),
    ],
    [
      .init(5, 0, 0, 11, 999695525, 14, true),
      .init(6, 0, 0, 11, 153204735, 14, true),
      .init(1, 0, 0, 11, 153204735, 9, true),
      .init(4, 0, 0, 14, 335261817, 14, true),
      .init(5, 0, 0, 11, 153204735, 14, true),
      .init(3, 0, 0, 7, 881803710, 14, true),
    ],
    [
      .init(9, 0, 0, 17, 564920534, 23, true),
      .init(9, 0, 0, 17, 413736188, 23, true),
      .init(1, 1, 0, 17, 413736188, 10, true),
      .init(0, 0, 0, 17, 413736188, 23, true),
      .init(9, 0, 0, 17, 413736188, 23, true),
      .init(6, 0, 0, 10, 809275998, 23, true),
    ],
    [
      .init(15, 0, 0, 23, 951176080, 23, true),
      .init(27, 0, 0, 29, 401955917, 23, true),
      .init(18, 5, 0, 38, 277732782, 12, true),
      .init(0, 0, 0, 29, 401955917, 23, true),
      .init(22, 0, 0, 29, 278204553, 23, true),
      .init(12, 0, 1, 16, 220085687, 23, true),
    ],
  ]

  func testColumnGenerationPathsArePinned() {
    var all: [[Path]] = []
    for seed in 0..<12 { all.append(paths(seed: seed)) }
    XCTAssertEqual(all.count, Self.pinned.count)
    for (seed, (got, want)) in zip(all, Self.pinned).enumerated() { XCTAssertEqual(got, want, "seed \(seed)") }
  }
}
