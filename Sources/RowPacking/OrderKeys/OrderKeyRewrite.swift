/// A stored record's id and order key: what an app persists per row.
public struct OrderKeyRecord<ID: Hashable & Comparable & Sendable>: Hashable, Sendable {
  public var id: ID
  public var key: String

  public init(id: ID, key: String) {
    self.id = id
    self.key = key
  }

  /// The order of records: by key in byte order, then by id, so that
  /// legacy data with equal keys still has one order.
  public static func precedes(_ a: Self, _ b: Self) -> Bool {
    if a.key.utf8.elementsEqual(b.key.utf8) { return a.id < b.id }
    return a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
  }
}

extension OrderKeyGenerator {
  /// The fewest records to rewrite, with their new keys, so that the
  /// records' keys ascend in `newOrder`.
  ///
  /// The records that keep their key are a longest subsequence of
  /// `newOrder` whose keys are valid and strictly ascend; every other
  /// record gets a key between its kept neighbours. So a drag rewrites one
  /// record, a reverse `n - 1`, and a packer's new order `n` minus the
  /// longest run it left in place. Only when a gap's new keys would pass
  /// ``maxLength`` does the rewrite grow past that minimum: the window
  /// around the gap doubles until its keys fit (at most the whole list).
  ///
  /// Legacy data is accepted: records with malformed keys are rewritten,
  /// and of records with equal keys at most one keeps its key.
  ///
  /// Longest increasing subsequence by patience sorting with
  /// back-pointers: M. L. Fredman, "On computing the length of longest
  /// increasing subsequences", Discrete Mathematics 11 (1975).
  ///
  /// - Parameters:
  ///   - records: the stored records, in any order, ids unique.
  ///   - newOrder: every record's id once, in the order wanted.
  /// - Returns: the records to write, with their new keys, in `newOrder`'s
  ///   order; the other records keep their keys.
  /// - Throws: ``OrderKeyError/duplicateRecord(id:)``,
  ///   ``OrderKeyError/notAPermutation``, or an ``OrderKeyError`` if even
  ///   the whole list cannot be keyed under the cap.
  /// - Complexity: O(*n* log *n*) key comparisons.
  public func reorder<ID>(
    _ records: [OrderKeyRecord<ID>], to newOrder: [ID]
  ) throws(OrderKeyError) -> [OrderKeyRecord<ID>] {
    var random = SystemRandomNumberGenerator()
    return try reorder(records, to: newOrder, using: &random)
  }

  /// ``reorder(_:to:)`` drawing the jitter, if on, from `random`.
  public func reorder<ID>(
    _ records: [OrderKeyRecord<ID>], to newOrder: [ID], using random: inout some RandomNumberGenerator
  ) throws(OrderKeyError) -> [OrderKeyRecord<ID>] {
    var keyOf: [ID: String] = [:]
    keyOf.reserveCapacity(records.count)
    for record in records {
      if keyOf.updateValue(record.key, forKey: record.id) != nil {
        throw .duplicateRecord(id: String(describing: record.id))
      }
    }
    guard newOrder.count == records.count else { throw .notAPermutation }
    var seen = Set<ID>(minimumCapacity: newOrder.count)
    for id in newOrder {
      guard keyOf[id] != nil, seen.insert(id).inserted else { throw .notAPermutation }
    }
    let oldKeys = newOrder.map { keyOf[$0]! }
    let keys = oldKeys.map { Array($0.utf8) }
    let keep = Self.longestAscending(keys, eligible: keys.map(KeyBytes.isValid))
    var runs: [Range<Int>] = []
    var i = 0
    while i < keys.count {
      if keep[i] { i += 1; continue }
      let start = i
      while i < keys.count, !keep[i] { i += 1 }
      runs.append(start..<i)
    }
    let assigned = try fill(count: keys.count, runs: runs, isKept: { keep[$0] }, keyAt: { keys[$0] }, using: &random)
    return assigned.compactMap { index, key in
      key == keys[index] ? nil : OrderKeyRecord(id: newOrder[index], key: KeyBytes.string(key))
    }
  }

  /// Whether the keys of a window grown `level` times leave enough room:
  /// two characters below the cap, and two more per doubling, so that a
  /// large window (rewritten rarely) leaves the smaller ones inside it
  /// room to absorb later inserts, as the density thresholds of a packed
  /// memory array do (M. A. Bender, E. D. Demaine, M. Farach-Colton,
  /// "Cache-oblivious B-trees", FOCS 2000). Jitter digits count as one
  /// character: they are random, so later keys between them stay short.
  func leavesRoom(_ keys: [[UInt8]], level: Int) -> Bool {
    let jitterLength = jitter ? Self.jitterDigits - 1 : 0
    return keys.allSatisfy { $0.count - jitterLength <= maxLength - 2 - 2 * level }
  }

  /// Marks a longest subsequence of the eligible `keys` that strictly
  /// ascends in byte order.
  ///
  /// - Complexity: O(*n* log *n*) comparisons.
  static func longestAscending(_ keys: [[UInt8]], eligible: [Bool]) -> [Bool] {
    var tails: [Int] = []  // tails[k]: index of the smallest last key of an ascending run of k + 1
    var previous = [Int](repeating: -1, count: keys.count)
    for i in keys.indices where eligible[i] {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if keys[tails[middle]].lexicographicallyPrecedes(keys[i]) { low = middle + 1 } else { high = middle }
      }
      previous[i] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var keep = [Bool](repeating: false, count: keys.count)
    var i = tails.last ?? -1
    while i >= 0 {
      keep[i] = true
      i = previous[i]
    }
    return keep
  }

  /// New keys for the positions in `runs` (ascending, disjoint ranges of a
  /// list of `count` positions), between the kept positions around them.
  ///
  /// A run whose bounds are malformed or not ascending (legacy data), or
  /// whose keys would pass the cap, grows into a window: by half its
  /// length on each side, until its keys fit with ``headroom`` characters
  /// to spare, or it is the whole list. Positions in a grown window are
  /// rewritten too. The headroom matters: a window whose keys just fit
  /// would overflow again at the next insert, and nested inserts would
  /// rewrite a window each time; with a quarter of the cap to spare, the
  /// next overflow at that spot is some 40 inserts away.
  ///
  /// - Parameters:
  ///   - isKept: whether a position keeps its key.
  ///   - keyAt: the current key of a kept position.
  /// - Returns: every rewritten position with its new key, ascending.
  func fill(
    count n: Int, runs: [Range<Int>], isKept: (Int) -> Bool, keyAt: (Int) -> [UInt8],
    using random: inout some RandomNumberGenerator
  ) throws(OrderKeyError) -> [(index: Int, key: [UInt8])] {
    var segments: [(start: Int, keys: [[UInt8]])] = []
    var covered = 0
    for run in runs where run.upperBound > covered {
      var start = max(run.lowerBound, covered)
      var end = run.upperBound
      while end < n, !isKept(end) { end += 1 }
      var level = 0
      while true {
        var lower: [UInt8]? = nil
        if start > 0 {
          if let last = segments.last, last.start + last.keys.count == start {
            lower = last.keys.last!
          } else {
            lower = keyAt(start - 1)
          }
        }
        let upper = end < n ? keyAt(end) : nil
        let boundsUsable =
          (lower.map(KeyBytes.isValid) ?? true) && (upper.map(KeyBytes.isValid) ?? true)
          && (lower == nil || upper == nil || lower!.lexicographicallyPrecedes(upper!))
        if boundsUsable {
          do {
            let keys = try bytes(between: lower, and: upper, count: end - start, using: &random)
            let whole = start == 0 && end == n
            if level == 0 || whole || leavesRoom(keys, level: level) {
              segments.append((start, keys))
              break
            }
          } catch {
            if start == 0 && end == n { throw error }
          }
        }
        // Grow the window and drop what it now covers.
        level += 1
        let grow = max(1, (end - start + 1) / 2)
        start = max(0, start - grow)
        end = min(n, end + grow)
        while end < n, !isKept(end) { end += 1 }
        while let last = segments.last, last.start + last.keys.count > start {
          if last.start >= start {
            segments.removeLast()
          } else {
            segments[segments.count - 1].keys.removeLast(last.start + last.keys.count - start)
          }
        }
      }
      covered = end
    }
    var result: [(index: Int, key: [UInt8])] = []
    for segment in segments {
      for (offset, key) in segment.keys.enumerated() { result.append((segment.start + offset, key)) }
    }
    return result
  }
}
