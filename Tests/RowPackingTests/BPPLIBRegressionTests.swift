import Foundation
import RowPacking
import TestSupport
import XCTest

/// Every packer over every BPPLIB instance with a proven optimum.
final class BPPLIBRegressionTests: XCTestCase {
  /// The total rows per set of each deterministic packer, as
  /// results/heuristics-bpplib.csv records them (scripts/heuristics-bpplib.sh).
  /// Any change in a packer's behaviour changes a total and fails this test:
  /// regenerate results/ and update these together, on purpose.
  static let pinnedTotals: [String: [String: Int]] = [
    "next-fit": ["Falkenauer_T": 7488, "Falkenauer_U": 21123, "Scholl_1": 101097, "Scholl_2": 23615, "Scholl_3": 650, "Schwerin_1": 1902, "Schwerin_2": 2300, "Waescher": 339],
    "first-fit": ["Falkenauer_T": 7081, "Falkenauer_U": 15243, "Scholl_1": 78661, "Scholl_2": 20994, "Scholl_3": 596, "Schwerin_1": 1900, "Schwerin_2": 2299, "Waescher": 311],
    "first-fit-decreasing": ["Falkenauer_T": 7081, "Falkenauer_U": 15243, "Scholl_1": 78661, "Scholl_2": 20994, "Scholl_3": 596, "Schwerin_1": 1900, "Schwerin_2": 2299, "Waescher": 311],
    "best-fit-decreasing": ["Falkenauer_T": 7081, "Falkenauer_U": 15243, "Scholl_1": 78660, "Scholl_2": 20994, "Scholl_3": 596, "Schwerin_1": 1900, "Schwerin_2": 2299, "Waescher": 311],
    "knapsack-rows": ["Falkenauer_T": 6378, "Falkenauer_U": 15203, "Scholl_1": 80215, "Scholl_2": 20564, "Scholl_3": 564, "Schwerin_1": 1800, "Schwerin_2": 2194, "Waescher": 304],
  ]

  func testEveryPackerOnEveryInstance() throws {
    let instances = try TestData.bpplibInstances()
    guard !instances.isEmpty else { throw XCTSkip(TestData.bpplibMissing) }
    XCTAssertEqual(instances.count, 1587, "optima.tsv lists 1587 instances")
    var totals: [String: [String: Int]] = [:]
    for entry in instances {
      let scaled = try entry.instance.scaled()
      XCTAssertLessThanOrEqual(scaled.martelloTothBound, entry.optimum, entry.instance.name)
      XCTAssertLessThanOrEqual(scaled.continuousBound, scaled.martelloTothBound, entry.instance.name)
      for algorithm in PackingAlgorithm.allCases {
        let packing = try algorithm.packer.pack(scaled)
        XCTAssertEqual(verify(packing, for: entry.instance), [], "\(algorithm.rawValue) \(entry.instance.name)")
        XCTAssertGreaterThanOrEqual(packing.rowCount, entry.optimum, "\(algorithm.rawValue) \(entry.instance.name)")
        totals[algorithm.rawValue, default: [:]][entry.set, default: 0] += packing.rowCount
      }
    }
    XCTAssertEqual(totals, Self.pinnedTotals)
  }

  /// The pins above and the committed results agree, so neither drifts alone.
  func testPinnedTotalsMatchTheCommittedResults() throws {
    let url = TestData.packageRoot.appendingPathComponent("results/heuristics-bpplib.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    let header = try XCTUnwrap(lines.first)
    let dataset = try XCTUnwrap(header.firstIndex(of: "dataset"))
    let algorithm = try XCTUnwrap(header.firstIndex(of: "algorithm"))
    let rows = try XCTUnwrap(header.firstIndex(of: "rows"))
    var totals: [String: [String: Int]] = [:]
    for line in lines.dropFirst() {
      totals[line[algorithm], default: [:]][line[dataset], default: 0] += Int(line[rows]) ?? -1_000_000
    }
    XCTAssertEqual(totals, Self.pinnedTotals)
  }
}
