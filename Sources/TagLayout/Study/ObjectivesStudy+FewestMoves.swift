import RowPacking

extension ObjectivesStudy {
  /// The move allowances of the study's table.
  public static let moveAllowances = [0, 1, 2, 3, 5]

  /// One cloud's curve of rows against tags moved.
  public struct MovesResult: Sendable {
    public var nextFitRows: Int
    /// (rows, moves, the proven lower bound on moves) from next-fit's rows down to the fewest found.
    public var points: [(rows: Int, moves: Int, movesLowerBound: Int)]
    public var fewestRowsProven: Bool
  }

  /// Studies one cloud's rows against tags moved.
  public func studyMoves(_ instance: Instance) -> MovesResult? {
    guard let curve = try? tradeoffRowsAndMoves(instance, budget: budget) else { return nil }
    return MovesResult(
      nextFitRows: curve.points.first?.rows ?? 0, points: curve.points.map { ($0.rows, $0.moves, $0.movesLowerBound) },
      fewestRowsProven: curve.isFewestRowsProven)
  }

  /// The Markdown section on rows against tags moved.
  public func movesMarkdown(_ results: [MovesResult]) -> String {
    var out = "## Order kept where it costs no row: rows against tags moved\n\n"
    out += "Tags moved = n minus the longest run of tags left in reading order (rows top to bottom). "
    out += "For each cloud, the fewest tags moved for each row count from next-fit's (none moved) to the fewest of any order: a lower bound from the intervals the kept tags cut the input into, raised by prices per tag sent and received, then one move at a time by a branch and bound that builds the rows, and an upper bound from the exact solver's rows improved by local search, within \(seconds(budget.timeLimit)) per cloud with the exact solver. "
    out += "A point is proven when its moves equal the lower bound. Totals over \(results.count) clouds.\n\n"
    out += "| tags allowed to move | rows (total) | rows saved against next-fit | clouds at their fewest rows | clouds where that is proven |\n|---|---|---|---|---|\n"
    let nextFit = results.reduce(0) { $0 + $1.nextFitRows }
    for k in Self.moveAllowances {
      var rows = 0, atFewest = 0, proven = 0
      for r in results {
        guard let point = r.points.last(where: { $0.moves <= k }) else { continue }
        rows += point.rows
        if point.rows == r.points.last?.rows { atFewest += 1 }
        // Proven: every point with fewer rows provably needs more than k moves.
        let fewerProven = r.points.filter { $0.rows < point.rows }.allSatisfy { $0.movesLowerBound > k }
        if fewerProven && (point.rows != r.points.last?.rows || r.fewestRowsProven) { proven += 1 }
      }
      out += "| \(k) | \(rows) | \(nextFit - rows) | \(atFewest) of \(results.count) | \(proven) of \(results.count) |\n"
    }
    let fewestRows = results.reduce(0) { $0 + ($1.points.last?.rows ?? 0) }
    let movesAtFewest = results.compactMap { $0.points.last }
    let provenMoves = movesAtFewest.filter { $0.moves == $0.movesLowerBound }.count
    out += "| any | \(fewestRows) | \(nextFit - fewestRows) | \(results.count) of \(results.count) | \(results.filter(\.fewestRowsProven).count) of \(results.count) |\n"
    out += "\nAt the fewest rows, the tags moved: \(movesAtFewest.reduce(0) { $0 + $1.moves }) in all (mean \(fmt(Double(movesAtFewest.reduce(0) { $0 + $1.moves }) / Double(max(movesAtFewest.count, 1))))), the fewest proven on \(provenMoves) of \(movesAtFewest.count) clouds (else the best found: the branch and bound's or the local search's). "
    out += "A few moved tags buy most of the rows that reordering saves; the last row costs the most moves.\n"
    return out
  }
}
