import ArgumentParser
import Foundation
import RowPacking
import TagLayout

/// The options of `packbench layout` for rows against tags moved
/// (`--tradeoff`, `--fewest-moves`, `--max-moves`).
struct LayoutTradeoffOptions: ParsableArguments {
  @Flag(help: "Print the curve of rows against tags moved, from next-fit's order (no tag moved) to the fewest rows of any order: for each row count, the fewest tags taken out of reading order, and whether it is proven.")
  var tradeoff = false

  @Flag(name: .customLong("fewest-moves"), help: "Lay out the fewest rows of any order with the fewest tags moved out of reading order (the order is kept where it costs no row). Replaces --algorithm.")
  var fewestMoves = false

  @Option(name: .customLong("max-moves"), help: ArgumentHelp("Lay out the fewest rows when at most K tags may move out of reading order (0: next-fit's flow). Replaces --algorithm.", valueName: "k"))
  var maxMoves: Int?

  @Option(name: .customLong("moves-time-limit"), help: ArgumentHelp("The time of the exact solver and the search for moved tags together.", valueName: "seconds"))
  var movesTimeLimit: Double = 2

  var isRequested: Bool { tradeoff || fewestMoves || maxMoves != nil }

  func validate() throws {
    if let maxMoves, maxMoves < 0 { throw ValidationError("--max-moves must be a number of tags >= 0, not \(maxMoves)") }
    if fewestMoves && maxMoves != nil { throw ValidationError("--fewest-moves and --max-moves ask different questions; give one of them") }
    guard movesTimeLimit.isFinite, movesTimeLimit > 0 else {
      throw ValidationError("--moves-time-limit must be a number of seconds > 0, not \(movesTimeLimit)")
    }
  }

  /// The curve and, for --fewest-moves or --max-moves, its layout.
  func movesLayout(_ tags: [Tag], engine: TagLayoutEngine) throws -> (layout: TagLayoutResult?, tradeoff: RowsAndMovesTradeoff, point: FewestMovesLayout?)? {
    guard isRequested else { return nil }
    guard engine.options.fit == .normal else {
      throw LayoutError.invalidOption("--tradeoff, --fewest-moves and --max-moves use the normal fit test, not --fit strict")
    }
    let instance = try engine.instance(for: tags)
    let curve: RowsAndMovesTradeoff
    do {
      curve = try tradeoffRowsAndMoves(instance, budget: SearchBudget(timeLimit: .milliseconds(Int64(movesTimeLimit * 1000))))
    } catch {
      throw LayoutError.packer("--tradeoff: \(error)")
    }
    let point = fewestMoves ? curve.points.last : maxMoves.flatMap { curve.fewestRows(movingAtMost: $0) }
    guard let point else { return (nil, curve, nil) }
    var packed = engine
    packed.options.order = .packed  // kept tags first in each row, moved ones at the end
    let name = fewestMoves ? "fewest rows, fewest moves" : "at most \(maxMoves!) tag\(maxMoves == 1 ? "" : "s") moved"
    return (try packed.layOut(tags, rows: point.packing.rows, algorithm: name), curve, point)
  }

  /// The lines `packbench layout` prints about the curve and the chosen point.
  static func describe(_ curve: RowsAndMovesTradeoff, point: FewestMovesLayout?, labels: [String], printCurve: Bool) -> [String] {
    var lines: [String] = []
    if let point {
      let moved = point.movedItems.map { labels[$0] }
      lines.append("moves:          \(point.moves) tag\(point.moves == 1 ? "" : "s") moved out of reading order" + (moved.isEmpty ? "" : ": " + moved.prefix(12).joined(separator: " | ") + (moved.count > 12 ? " | ..." : "")))
      lines.append("status:         \(point.isProven ? "fewest moves proven for \(point.rows) rows" : "best found; at least \(point.movesLowerBound) must move for \(point.rows) rows")")
    }
    if printCurve || point == nil {
      lines.append("tradeoff:       rows against tags moved (fewest rows of any order: \(curve.isFewestRowsProven ? "\(curve.fewestRowsBound.value), proven" : "at least \(curve.fewestRowsBound.value) (\(curve.fewestRowsBound.source.rawValue))"))")
      lines.append("rows | tags moved | proven")
      for p in curve.points {
        lines.append(String(format: "%4d | %10d | %@", p.rows, p.moves, p.isProven ? "yes" : "no (at least \(p.movesLowerBound))"))
      }
    }
    return lines
  }
}
