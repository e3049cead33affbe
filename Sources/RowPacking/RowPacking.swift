/// Packs items of the given widths into rows of width `rowWidth`, with
/// `spacing` between neighbours in a row, and returns the rows as item indices.
///
/// This is the entry point for an app laying out tags:
///
/// ```swift
/// import RowPacking
///
/// let widths: [Double] = [96.5, 120, 64, 150, 88]   // tag widths in points
/// let rows = try packRows(widths: widths, rowWidth: 358, spacing: 8,
///                         algorithm: .firstFitDecreasing)
/// // rows == [[3, 1, 2], [0, 4]]: tags 3, 1 and 2 on the first row, ...
/// ```
///
/// Use ``PackingAlgorithm/nextFit`` to keep the given order (a flow layout),
/// a decreasing packer for the fewest rows. The packing is checked by
/// ``verify(_:for:)`` before it is returned.
///
/// - Throws: ``InstanceError`` for invalid widths (negative, NaN, wider than
///   the row), ``PackingError`` when the algorithm cannot run, and
///   ``PackingFailure`` if the packing does not verify (a bug, never silent).
public func packRows(
  widths: [Double], rowWidth: Double, spacing: Double = 0,
  algorithm: PackingAlgorithm = .firstFitDecreasing
) throws -> [[Int]] {
  let instance = try Instance(widths: widths, rowWidth: rowWidth, spacing: spacing)
  let result = solve(instance, with: algorithm.packer)
  guard let packing = result.packing, result.status == .optimal || result.status == .feasible else {
    throw PackingFailure(status: result.status)
  }
  return packing.rows
}

/// A packing that could not be returned: the packer failed or its packing
/// did not verify.
public struct PackingFailure: Error, Sendable, CustomStringConvertible {
  public var status: SolveStatus
  public var description: String { "\(status.name): \(status.message ?? "")" }
}

/// Packs an instance with a packer, computes the simple lower bound (L1,
/// L2), verifies the packing and says whether it is proven optimal.
///
/// The status is `optimal` when the rows equal the bound, `feasible` when
/// they do not, `wrong` when the packing fails verification (with the
/// violations), and `error` when the packer throws. The elapsed time covers
/// the packing alone.
public func solve(
  _ instance: Instance, with packer: some RowPacker, resolution: Int? = nil
) -> PackingResult {
  let scaled: ScaledInstance
  do { scaled = try instance.scaled(resolution: resolution) } catch { return .unscalable(error) }
  let bound = scaled.simpleLowerBound
  let clock = ContinuousClock()
  let start = clock.now
  let packing: Packing
  do {
    packing = try packer.pack(scaled)
  } catch {
    return PackingResult(packing: nil, lowerBound: bound, status: .error(error.description), elapsed: clock.now - start)
  }
  let elapsed = clock.now - start
  return PackingResult(
    packing: packing, lowerBound: bound, status: judge(packing, for: instance, bound: bound),
    elapsed: elapsed, stage: .heuristic)
}

/// The status a packing earns: `wrong` with the violations when it does not
/// verify, or claims fewer rows than the bound; else `optimal` when its
/// rows equal the bound, else `feasible`.
public func judge(_ packing: Packing, for instance: Instance, bound: LowerBound) -> SolveStatus {
  let violations = verify(packing, for: instance)
  if !violations.isEmpty {
    let shown = violations.prefix(3).map(\.description).joined(separator: "; ")
    return .wrong("packing does not verify: \(shown)\(violations.count > 3 ? "; ..." : "")")
  }
  if packing.rowCount < bound.value {
    return .wrong("\(packing.rowCount) rows is below the lower bound \(bound.value) (\(bound.source.rawValue))")
  }
  return packing.rowCount == bound.value ? .optimal : .feasible
}
