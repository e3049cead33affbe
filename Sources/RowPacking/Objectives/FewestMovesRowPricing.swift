/// One row of a fewest-moves layout as a column of
/// ``FewestMovesColumnGeneration``'s master: the tags it keeps in reading
/// order (a run of the input, read left to right) and the tags moved into it.
struct FewestMovesRow: Hashable, Sendable {
  /// Kept tags, increasing.
  var kept: [Int]
  /// Moved tags, increasing.
  var moved: [Int]

  /// The input positions the kept tags span (no other row's kept tags may
  /// lie among them), or `nil` when the row keeps none.
  var span: ClosedRange<Int>? { kept.first.map { $0...kept[kept.count - 1] } }
}

/// Pricing for ``FewestMovesColumnGeneration``: the rows of greatest value
/// under the master's duals, over every span of kept tags.
///
/// A row spanning input positions `a...b` is worth its tags' values (the
/// tag's dual, plus one if it lies in the span and so may be kept) minus
/// the duals of the positions it spans. For each `a` the best rows of every
/// `b` come from three sets of Pareto-optimal (width, value) labels
/// (Nemhauser and Ullmann 1969): the tags before `a` and after `b` as moved,
/// those of `a...b` as kept. Extending `b` adds one tag to the middle set,
/// and the best pair of middle and suffix labels that fits is a merge of two
/// sorted lists. Exact: no width is rounded, so the value found is the
/// maximum and bounds computed from it are proofs.
///
/// - Complexity: O(*n*^2 *L*) per call for Pareto sets of at most *L*
///   labels (few: a row holds few tags).
struct FewestMovesRowPricing {
  let sizes: [Int]
  let capacity: Int

  /// A (width, value) label; `item` and `parent` give back its tags.
  private struct Label {
    var width: Int
    var value: Double
    var item: Int32
    var parent: Int32
  }
  private var labels: [Label] = []

  init(sizes: [Int], capacity: Int) {
    self.sizes = sizes
    self.capacity = capacity
  }

  /// A row found for span `a...b` (-1: none): its value and the labels of
  /// its middle (prefix and span) and suffix tags.
  private typealias Candidate = (value: Double, a: Int, b: Int, middle: Int32, rest: Int32)

  /// A priced row: its value (dual value minus span duals plus `rowValue`).
  struct Priced {
    var value: Double
    var row: FewestMovesRow
  }

  /// The rows of value above `threshold`, best first, at most `limit` (the
  /// best of each span start, so that they differ), and the greatest value
  /// of any allowed row.
  ///
  /// - Parameters:
  ///   - tagValues: each tag's dual (its value when moved into the row).
  ///   - positionCosts: what spanning each input position costs (>= 0).
  ///   - rowValue: added to every row (the dual of the row count, <= 0).
  ///   - active: tags still to place; others never enter a row.
  ///   - blocked: positions inside other rows' spans; no span covers them.
  ///   - mayKeep: tags a row may keep (a branch moved the others).
  ///   - mustKeep: tags no row may move in (a branch kept them).
  mutating func price(
    tagValues: [Double], positionCosts: [Double], rowValue: Double,
    active: [Bool], blocked: [Bool], mayKeep: [Bool], mustKeep: [Bool], threshold: Double, limit: Int
  ) -> (best: Double, rows: [Priced]) {
    let n = sizes.count
    labels.removeAll(keepingCapacity: true)
    labels.append(Label(width: 0, value: 0, item: -1, parent: -1))
    // A tag's value moved into the row (nil where it may not be, or gains
    // nothing), and within the row's span, where it is kept if it may be
    // (a tag a branch moved may still fill the row, as moved).
    func movedValue(_ i: Int) -> Double? { active[i] && !mustKeep[i] && tagValues[i] > 0 ? tagValues[i] : nil }
    func spanValue(_ i: Int) -> Double? {
      let value = mayKeep[i] ? tagValues[i] + 1 : tagValues[i]
      return active[i] && value > 0 ? value : nil
    }
    // Pareto sets of the tags before each position and after it, as moved.
    var prefix: [[Int32]] = [[0]]
    prefix.reserveCapacity(n + 1)
    for i in 0..<n {
      prefix.append(movedValue(i).map { extend(prefix[i], item: i, value: $0) } ?? prefix[i])
    }
    var suffix = [[Int32]](repeating: [0], count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      suffix[i] = movedValue(i).map { extend(suffix[i + 1], item: i, value: $0) } ?? suffix[i + 1]
    }
    // A span can add at most one per tag it keeps: the best row valued so
    // (every tag as if kept, no span paid) bounds every span's row, and a
    // span start stops growing once its cost leaves nothing to gain.
    var optimistic: [Int32] = [0]
    for i in 0..<n {
      if let value = spanValue(i) { optimistic = extend(optimistic, item: i, value: value) }
    }
    let mostGained = labels[Int(optimistic.last!)].value + rowValue
    let noSpan = labels[Int(suffix[0].last!)].value + rowValue
    var best = noSpan
    var found: [Candidate] = []
    if noSpan > threshold { found.append((noSpan, -1, -1, suffix[0].last!, 0)) }
    for a in 0..<n where active[a] && !blocked[a] && mayKeep[a] {
      var middle = prefix[a]
      var spanCost = 0.0
      var bestHere: Candidate? = nil
      for b in a..<n {
        if blocked[b] { break }
        spanCost += positionCosts[b]
        if mostGained - spanCost <= max(best, threshold) { break }
        guard let tagValue = spanValue(b) else { continue }
        middle = extend(middle, item: b, value: tagValue)
        let (value, m, r) = bestPair(middle, suffix[b + 1])
        let total = value + rowValue - spanCost
        best = max(best, total)
        if total > threshold, total > (bestHere?.value ?? -.infinity) { bestHere = (total, a, b, m, r) }
      }
      if let bestHere { found.append(bestHere) }
    }
    found.sort { $0.value > $1.value }
    var rows: [Priced] = []
    var seen = Set<FewestMovesRow>()
    for candidate in found where rows.count < limit {
      var kept: [Int] = [], moved: [Int] = []
      for label in [candidate.middle, candidate.rest] {
        var at = Int(label)
        while at > 0 {
          let item = Int(labels[at].item)
          if candidate.a >= 0, item >= candidate.a, item <= candidate.b, mayKeep[item] { kept.append(item) } else { moved.append(item) }
          at = Int(labels[at].parent)
        }
      }
      let row = FewestMovesRow(kept: kept.sorted(), moved: moved.sorted())
      if seen.insert(row).inserted { rows.append(Priced(value: candidate.value, row: row)) }
    }
    return (best, rows)
  }

  /// The Pareto set of `list` and `list` with `item` added (value `value`):
  /// labels by increasing width, each worth strictly more than the last.
  private mutating func extend(_ list: [Int32], item: Int, value: Double) -> [Int32] {
    let w = sizes[item]
    var result: [Int32] = []
    result.reserveCapacity(list.count * 2)
    var i = 0, j = 0
    var lastValue = -Double.infinity
    let count = list.count
    while i < count || j < count {
      let old = i < count ? labels[Int(list[i])] : nil
      var shifted: Label? = nil
      if j < count {
        let base = labels[Int(list[j])]
        if base.width + w <= capacity {
          shifted = Label(width: base.width + w, value: base.value + value, item: Int32(item), parent: list[j])
        } else {
          j = count  // widths only grow from here
        }
      }
      guard old != nil || shifted != nil else { break }
      let takeOld: Bool
      if let old, let shifted {
        takeOld = old.width < shifted.width || (old.width == shifted.width && old.value >= shifted.value)
      } else {
        takeOld = old != nil
      }
      if takeOld {
        if old!.value > lastValue + 1e-12 { result.append(list[i]); lastValue = old!.value }
        i += 1
      } else {
        if shifted!.value > lastValue + 1e-12 {
          labels.append(shifted!)
          result.append(Int32(labels.count - 1))
          lastValue = shifted!.value
        }
        j += 1
      }
    }
    return result
  }

  /// The best pair of a label of `left` and one of `right` whose widths fit
  /// together: both lists increase in width and value.
  private func bestPair(_ left: [Int32], _ right: [Int32]) -> (Double, Int32, Int32) {
    var best = -Double.infinity
    var pair: (Int32, Int32) = (0, 0)
    var j = right.count - 1
    for l in left {
      let label = labels[Int(l)]
      while j >= 0, label.width + labels[Int(right[j])].width > capacity { j -= 1 }
      if j < 0 { break }
      let value = label.value + labels[Int(right[j])].value
      if value > best { best = value; pair = (l, right[j]) }
    }
    return (best, pair.0, pair.1)
  }
}
