@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The exact pipeline, set up by `configure` (given the instance's index),
/// on 30 seeded instances whose sizes sum to exactly K rows: for each, a
/// capacity in 20...59 and K in 2...4 are drawn from SplitMix64 `seed`,
/// then the sizes by `sizes` (given the generator, the index, the capacity
/// and K); instances of more than 11 items are skipped (brute force).
/// Its bound never passes the brute-force optimum, it proves the optimum,
/// and its packing has the optimum's rows.
func assertPipelineProvesExactlyFullOptima(
  seed: UInt64,
  sizes: (inout SplitMix64, _ index: Int, _ capacity: Int, _ rows: Int) -> [Int],
  configure: (inout ExactPipeline, _ index: Int) -> Void,
  file: StaticString = #filePath, line: UInt = #line
) throws {
  var random = SplitMix64(seed: seed)
  for k in 0..<30 {
    let capacity = 20 + Int(random.next() % 40)
    let rows = 2 + Int(random.next() % 3)
    let sizes = sizes(&random, k, capacity, rows)
    if sizes.count > 11 { continue }
    let optimum = bruteForceMinimumRows(sizes: sizes, capacity: capacity)
    let instance = try Instance(widths: sizes.map(Double.init), rowWidth: Double(capacity))
    var pipeline = ExactPipeline(setup: try SolveSetup(instance: instance, timeLimit: .seconds(5)), verbose: false)
    configure(&pipeline, k)
    let result = pipeline.run()
    let message = "instance \(k): sizes \(sizes), capacity \(capacity), optimum \(optimum)"
    let packing = try XCTUnwrap(result.packing, message, file: file, line: line)
    XCTAssertLessThanOrEqual(result.lowerBound.value, optimum, message, file: file, line: line)
    XCTAssertEqual(result.status, .optimal, message, file: file, line: line)
    XCTAssertEqual(packing.rowCount, optimum, message, file: file, line: line)
  }
}

/// Sizes cut from `rows` full rows of `capacity` (pieces of 1 to
/// capacity / 2 + 1, each row cut until full), so that a packing in
/// `rows` rows exists and every row of it is exactly full.
func sizesCutFromFullRows(_ random: inout SplitMix64, capacity: Int, rows: Int) -> [Int] {
  var sizes: [Int] = []
  for _ in 0..<rows {
    var left = capacity
    while left > 0 {
      let piece = min(left, 1 + Int(random.next() % UInt64(capacity / 2 + 1)))
      sizes.append(piece)
      left -= piece
    }
  }
  return sizes
}
