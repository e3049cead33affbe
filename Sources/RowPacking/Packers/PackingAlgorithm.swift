/// The packers of the pure-Swift core, by their command-line names.
public enum PackingAlgorithm: String, CaseIterable, Sendable, Hashable {
  case nextFit = "next-fit"
  case firstFit = "first-fit"
  case firstFitDecreasing = "first-fit-decreasing"
  case bestFitDecreasing = "best-fit-decreasing"
  case knapsackRows = "knapsack-rows"

  /// The packer that implements this algorithm.
  public var packer: any RowPacker {
    switch self {
    case .nextFit: return NextFit()
    case .firstFit: return FirstFit()
    case .firstFitDecreasing: return FirstFitDecreasing()
    case .bestFitDecreasing: return BestFitDecreasing()
    case .knapsackRows: return KnapsackRows()
    }
  }

  /// Whether the packer keeps the items in their given order (a flow layout).
  public var keepsOrder: Bool { self == .nextFit }

  /// One line on what the algorithm does.
  public var summary: String {
    switch self {
    case .nextFit:
      return "in the given order, a new row when the next item does not fit (a flow layout); O(n)"
    case .firstFit:
      return "in the given order, each item into the top-most row with room; O(n log n)"
    case .firstFitDecreasing:
      return "largest first, each into the top-most row with room (FFD); O(n log n)"
    case .bestFitDecreasing:
      return "largest first, each into the row it fills most tightly (BFD); O(n log n)"
    case .knapsackRows:
      return "each row filled with the best subset of the rest by a 0-1 knapsack DP; O(rows n C/64)"
    }
  }
}
