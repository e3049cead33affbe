/// How far a layout's reading order is from the input order.
///
/// Both measures are 0 for a layout that keeps the input order (next-fit).
/// Given the input positions in reading order (row by row, leading to
/// trailing):
///
/// - ``movedTags`` is the fewest tags that must be picked up and put
///   elsewhere to turn the input order into this one: *n* minus the length
///   of a longest increasing subsequence (the tags that can stay put).
/// - ``kendallTauDistance`` is the number of pairs of tags whose relative
///   order differs: the inversions of the sequence, the number of swaps of
///   neighbours (bubble sort) between the two orders. At most *n*(*n*-1)/2.
///
/// Sources: M. L. Fredman, "On computing the length of longest increasing
/// subsequences", Discrete Mathematics 11 (1975); M. G. Kendall, "A new
/// measure of rank correlation", Biometrika 30 (1938); inversions counted
/// by merge sort as in Knuth, TAOCP vol. 3, 5.1.1.
public struct OrderDisplacement: Sendable, Hashable, Codable {
  /// The number of tags.
  public var count: Int
  /// *n* minus the longest increasing subsequence of input positions.
  public var movedTags: Int
  /// The number of discordant pairs.
  public var kendallTauDistance: Int

  /// The largest possible Kendall tau distance, *n*(*n*-1)/2.
  public var maximumKendallTauDistance: Int { count * (count - 1) / 2 }

  /// The Kendall tau distance as a fraction of its maximum (0 when *n* < 2).
  public var normalizedKendallTau: Double {
    maximumKendallTauDistance == 0 ? 0 : Double(kendallTauDistance) / Double(maximumKendallTauDistance)
  }

  /// Measures a reading order: `order[k]` is the input position of the
  /// *k*-th tag read. Any sequence of distinct integers works (positions
  /// need not be `0..<n`).
  ///
  /// - Complexity: O(*n* log *n*) time, O(*n*) memory.
  public init(readingOrder order: [Int]) {
    count = order.count
    movedTags = order.count - longestIncreasingSubsequenceLength(order)
    kendallTauDistance = inversionCount(order)
  }
}

/// The length of a longest strictly increasing subsequence (patience sorting).
///
/// - Complexity: O(*n* log *n*) time, O(*n*) memory.
public func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
  // tails[k]: the smallest last value of an increasing subsequence of length k + 1.
  var tails: [Int] = []
  tails.reserveCapacity(values.count)
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if tails[mid] < value { low = mid + 1 } else { high = mid }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}

/// The number of pairs `i < j` with `values[i] > values[j]`, by merge sort.
///
/// - Complexity: O(*n* log *n*) time, O(*n*) memory.
public func inversionCount(_ values: [Int]) -> Int {
  var a = values
  var scratch = values
  var inversions = 0
  var width = 1
  let n = a.count
  // Bottom-up merge sort: merge runs of `width` into runs of `2 * width`.
  while width < n {
    var start = 0
    while start < n {
      let mid = min(start + width, n)
      let end = min(start + 2 * width, n)
      var i = start
      var j = mid
      var k = start
      while i < mid && j < end {
        if a[i] <= a[j] {
          scratch[k] = a[i]; i += 1
        } else {
          // a[j] jumps ahead of every element left in the first run.
          scratch[k] = a[j]; j += 1
          inversions += mid - i
        }
        k += 1
      }
      while i < mid { scratch[k] = a[i]; i += 1; k += 1 }
      while j < end { scratch[k] = a[j]; j += 1; k += 1 }
      start = end
    }
    swap(&a, &scratch)
    width *= 2
  }
  return inversions
}
