import Benchmark
import RowPacking
import RowPackingILP

/// Fixed, seeded instances: sizes uniform in 20...100, row width 150
/// (Falkenauer's U class), as in results/scaling.md.
func uniformInstance(items: Int, seed: UInt64) -> ScaledInstance {
  var rng = SplitMix64(seed: seed)
  let widths = (0..<items).map { _ in Int.random(in: 20...100, using: &rng) }
  return try! Instance(name: "uniform-\(items)", widths: widths, rowWidth: 150).scaled()
}

/// Falkenauer-style triplets (every row filled exactly by three items).
func tripletsInstance(items: Int, seed: UInt64) -> Instance {
  var rng = SplitMix64(seed: seed)
  return InstanceGenerator.triplets.generate(name: "triplets-\(items)", size: items, using: &rng).instance
}

let benchmarks: @Sendable () -> Void = {
  // Wall clock and CPU time, plus allocations: a packing is two flat arrays.
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
    warmupIterations: 3,
    scalingFactor: .one,
    maxDuration: .seconds(2),
    maxIterations: 1000,
    // A regression is a p50 more than 25 % (and 5 % for allocations) above
    // the stored thresholds (Benchmarks/Thresholds, `thresholds update`).
    thresholds: [
      .wallClock: .init(relative: [.p50: 25.0]),
      .cpuTotal: .init(relative: [.p50: 25.0]),
      .mallocCountTotal: .init(relative: [.p50: 5.0]),
    ]
  )

  for items in [10_000, 1_000_000] {
    let instance = uniformInstance(items: items, seed: 1)
    for algorithm in [PackingAlgorithm.nextFit, .firstFitDecreasing, .bestFitDecreasing] {
      let packer = algorithm.packer
      Benchmark("\(algorithm.rawValue)-n\(items)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try packer.pack(instance)) }
      }
    }
  }
  let knapsackInstance = uniformInstance(items: 1000, seed: 2)
  Benchmark("knapsack-rows-n1000") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try KnapsackRows().pack(knapsackInstance)) }
  }

  // The exact solvers on fixed instances: pure Swift and GLPK.
  let triplets = tripletsInstance(items: 60, seed: 1)
  Benchmark("bin-completion-triplets-n60") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(solveOptimally(triplets, budget: SearchBudget(timeLimit: .seconds(10))))
    }
  }
  let uniform = try! Instance(
    name: "u120", widths: uniformInstance(items: 120, seed: 3).sizes, rowWidth: 150)
  Benchmark("exact-glpk-uniform-n120") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(solveExactly(uniform, algorithm: .exact, options: ExactOptions(timeLimit: .seconds(10))))
    }
  }
}
