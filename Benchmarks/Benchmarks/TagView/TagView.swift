import Benchmark
import RowPacking

/// A tag view of 100 tags as an app measures them: widths uniform in
/// 40...180 pt (label plus padding), 32 pt tall, seeded.
func tagSizes(count: Int, seed: UInt64) -> [LayoutSize] {
  var rng = SplitMix64(seed: seed)
  return (0..<count).map { _ in LayoutSize(width: Double(Int.random(in: 400...1800, using: &rng)) / 10, height: 32) }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
    warmupIterations: 3,
    scalingFactor: .one,
    maxDuration: .seconds(2),
    maxIterations: 1000,
    thresholds: [
      .wallClock: .init(relative: [.p50: 25.0]),
      .cpuTotal: .init(relative: [.p50: 25.0]),
      .mallocCountTotal: .init(relative: [.p50: 5.0]),
    ]
  )
  let sizes = tagSizes(count: 100, seed: 1)
  let geometry = RowGeometry(insets: ContentInsets(all: 16), spacing: 8, lineSpacing: 8)

  // The size for a width the cache has not seen: what a layout pass pays
  // once per new proposal (rows by the packer, then the frames).
  for (name, objective) in [("next-fit", RowObjective.flow), ("first-fit-decreasing", .packer(FirstFitDecreasing()))] {
    let layout = RowLayout(geometry: geometry, objective: objective)
    Benchmark("size-for-new-width-\(name)-n100") { benchmark in
      var width = 320.0
      for _ in benchmark.scaledIterations {
        var cache = layout.makeCache(sizes: sizes)
        blackHole(try layout.sizeThatFits(proposedWidth: width, cache: &cache))
        width = width < 420 ? width + 1 : 320
      }
    }
  }

  // The same width again: a cache hit.
  let flow = RowLayout(geometry: geometry)
  Benchmark("size-for-cached-width-next-fit-n100") { benchmark in
    var cache = flow.makeCache(sizes: sizes)
    _ = try flow.sizeThatFits(proposedWidth: 390, cache: &cache)
    benchmark.startMeasurement()  // the hits only, not the first computation
    for _ in benchmark.scaledIterations { blackHole(try flow.sizeThatFits(proposedWidth: 390, cache: &cache)) }
  }

  // The proven fewest rows at a new width, within a 50 ms budget.
  let exact = RowLayout(geometry: geometry, objective: .fewestRows(SearchBudget(timeLimit: .milliseconds(50))))
  Benchmark("size-for-new-width-fewest-rows-n100") { benchmark in
    var width = 320.0
    for _ in benchmark.scaledIterations {
      var cache = exact.makeCache(sizes: sizes)
      blackHole(try exact.sizeThatFits(proposedWidth: width, cache: &cache))
      width = width < 420 ? width + 1 : 320
    }
  }
}
