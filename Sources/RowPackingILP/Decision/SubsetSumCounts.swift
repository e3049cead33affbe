/// How many subsets of a multiset of item sizes make each total 0...capacity,
/// modulo 2^64, kept up to date as items come and go: adding an item of
/// size s is `c[x] += c[x - s]` (downwards), removing one is its inverse,
/// `c[x] -= c[x - s]` (upwards), so a change costs O(C) where counting
/// afresh costs O(*n* x C).
///
/// Wrapping arithmetic is exact modulo 2^64 (a removal undoes an addition
/// bit for bit, which floating point does not: there the cancellation of
/// large counts leaves errors larger than the small counts that matter).
/// A count is the true one wherever some upper bound on it is below
/// 2^64, for example a count of a superset of the items.
///
/// The generating function of the subsets is the product of (1 + x^s)
/// over the items; removing an item divides by (1 + x^s).
///
/// - Complexity: O(C) time per item added or removed; O(C) memory.
struct SubsetSumCounts {
  let capacity: Int
  /// counts[x]: the subsets of the items counted whose sizes total x, modulo 2^64.
  private(set) var counts: [UInt64]

  /// The counts of the empty set: one subset, of total 0.
  init(capacity: Int) {
    self.capacity = capacity
    counts = [UInt64](repeating: 0, count: capacity + 1)
    counts[0] = 1
  }

  /// Counts `copies` more items of size `size` (1 <= size).
  mutating func add(size: Int, copies: Int = 1) {
    guard size <= capacity else { return }
    let c = capacity
    counts.withUnsafeMutableBufferPointer { cnt in
      let raw = UnsafeMutableRawPointer(cnt.baseAddress!)
      let stride = MemoryLayout<UInt64>.stride
      for _ in 0..<copies {
        var x = c
        // Downwards, so each item counts once: with size >= 4 the four
        // counts read lie below the four written.
        if size >= 4 {
          while x - 3 >= size {
            let target = raw + (x - 3) * stride
            let sum = target.loadUnaligned(as: SIMD4<UInt64>.self)
              &+ (raw + (x - 3 - size) * stride).loadUnaligned(as: SIMD4<UInt64>.self)
            target.storeBytes(of: sum, as: SIMD4<UInt64>.self)
            x -= 4
          }
        }
        while x >= size {
          cnt[x] &+= cnt[x - size]
          x -= 1
        }
      }
    }
  }

  /// Stops counting `copies` items of size `size`, each counted before.
  mutating func remove(size: Int, copies: Int = 1) {
    guard size <= capacity else { return }
    let c = capacity
    counts.withUnsafeMutableBufferPointer { cnt in
      let raw = UnsafeMutableRawPointer(cnt.baseAddress!)
      let stride = MemoryLayout<UInt64>.stride
      for _ in 0..<copies {
        var x = size
        // Upwards: c[x - size] is already the count without the item;
        // with size >= 4 the four read lie below the four written.
        if size >= 4 {
          while x + 3 <= c {
            let target = raw + x * stride
            let difference = target.loadUnaligned(as: SIMD4<UInt64>.self)
              &- (raw + (x - size) * stride).loadUnaligned(as: SIMD4<UInt64>.self)
            target.storeBytes(of: difference, as: SIMD4<UInt64>.self)
            x += 4
          }
        }
        while x <= c {
          cnt[x] &-= cnt[x - size]
          x += 1
        }
      }
    }
  }
}
