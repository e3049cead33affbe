import RowPacking

/// What is wrong with the other fillings a knapsack kept beside its best
/// (``KnapsackBranchAndBound/others``, ``KnapsackGridBound``'s): each must
/// differ from the best counts, be worth more than `floor` and at most the
/// `maximum`, be worth what its counts add up to, fit the capacity and the
/// multiplicities; none twice, best first. Empty when all is well.
public func otherFillingProblems(
  _ others: [KnapsackBranchAndBound.Filling], best: [Int], floor: Int, maximum: Int,
  sizes: [Int], values: [Int], multiplicities: [Int], capacity: Int
) -> [String] {
  var problems: [String] = []
  if Set(others.map(\.counts)).count != others.count { problems.append("a filling twice") }
  if others.map(\.value) != others.map(\.value).sorted(by: >) { problems.append("not best first") }
  for other in others {
    let value = zip(other.counts, values).map { $0 * $1 }.reduce(0, +)
    let size = zip(other.counts, sizes).map { $0 * $1 }.reduce(0, +)
    if other.counts == best { problems.append("the best filling again") }
    if other.value <= floor { problems.append("value \(other.value) not above the floor \(floor)") }
    if other.value > maximum { problems.append("value \(other.value) above the maximum \(maximum)") }
    if value != other.value { problems.append("counts worth \(value), not \(other.value)") }
    if size > capacity { problems.append("size \(size) over the capacity \(capacity)") }
    if other.counts.count != multiplicities.count
      || zip(other.counts, multiplicities).contains(where: { !(0...$1).contains($0) })
    {
      problems.append("counts \(other.counts) outside the multiplicities \(multiplicities)")
    }
  }
  return problems
}
