/// Next-fit: items in the given order; a new row is opened when the next
/// item does not fit in the current one, which is then never looked at again.
///
/// This is what a flow layout (a tag list that wraps) does. Among the
/// packings that keep the given order (each row a run of consecutive items),
/// it uses the fewest rows: filling each row as far as possible never hurts.
///
/// The packing keeps the items in order, so only the row starts are
/// written. From 1024 items with rows narrower than 2^14 units they are
/// found in sixteen lanes at once, as SIMD vectors of 16-bit loads (a row's
/// load plus one item fits in 15 bits); from 512 items with rows narrower
/// than 2^30, in eight lanes of 32-bit loads. The items are cut into as
/// many stretches as lanes, each scanned as if a row started at its first
/// item, one bit per item recording where its rows start. The stretches are
/// then joined in order: each is scanned again with the true load of the
/// row coming into it until a true row start falls on one of the
/// stretch's own (from there on both scans are in the same state: a row
/// holding just that item), and its remaining row starts are written from
/// the bits, eight items per table lookup. Sixteen narrow lanes do the
/// work of eight wide ones in the same vector instructions. Fewer items, or
/// wider rows, take the same scan in two scalar lanes. The rows are exactly
/// next-fit's; the lanes only let the processor overlap independent chains
/// of work.
///
/// D. S. Johnson, "Near-optimal bin packing algorithms", PhD thesis, MIT, 1973.
///
/// - Complexity: O(*n*) time: one pass over the sizes, plus one over the
///   row-start bits (*n* / 8 bytes) and, at worst, one more over a stretch
///   whose scan never meets the true row starts; O(rows) memory for the
///   result (its buffer has room for *n* + 9 starts) and *n* / 8 bytes of bits.
public struct NextFit: RowPacker {
  public init() {}
  public var name: String { "next-fit" }

  public func pack(_ instance: ScaledInstance) -> Packing {
    Packing(inOrderRowStarts: Self.rowStarts(sizes: instance.sizes, capacity: instance.capacity))
  }

  /// Below this many items one lane is used.
  static let laneThreshold = 1024

  /// Next-fit's row starts for `sizes`, then `sizes.count`.
  static func rowStarts(sizes: [Int], capacity: Int) -> [Int] {
    if sizes.count / 16 >= minimumStretch && capacity < sixteenLaneCapacityLimit {
      return rowStartsInSixteenLanes(sizes: sizes, capacity: capacity)
    }
    if sizes.count / 8 >= minimumStretch && capacity < 1 << 30 {
      return rowStartsInEightLanes(sizes: sizes, capacity: capacity)
    }
    return rowStartsInTwoLanes(sizes: sizes, capacity: capacity)
  }

  /// The scalar scan: one lane, or two from ``laneThreshold`` items.
  static func rowStartsInTwoLanes(sizes: [Int], capacity: Int) -> [Int] {
    let n = sizes.count
    guard n > 0 else { return [0] }
    // The second lane starts at `half` (n when there is one lane) and is
    // never longer than the first. Each lane writes its breaks from the
    // position of its first item: a stretch has at most as many breaks as items.
    let half = n < laneThreshold ? n : n - n / 2
    return [Int](unsafeUninitializedCapacity: n + 1) { out, initialized in
      sizes.withUnsafeBufferPointer { size in
        let first = size.baseAddress!, second = first + half
        // The room left in the current row. A break is where the room would
        // go negative: one subtraction and one conditional move per item,
        // and a break count advanced by the sign bit, not by a branch
        // (which would be mispredicted about every other row).
        var w0 = out.baseAddress!, w1 = out.baseAddress! + half
        w0.pointee = 0
        w0 += 1
        var r0 = capacity &- first[0]
        var r1 = 0
        var j = 1
        if half < n {
          w1.pointee = 0  // lane-relative; the lane's start is added when joined
          w1 += 1
          r1 = capacity &- second[0]
          while j < n - half {
            let a0 = first[j], a1 = second[j]
            let u0 = r0 &- a0, u1 = r1 &- a1
            w0.pointee = j
            w1.pointee = j
            w0 -= u0 >> (Int.bitWidth - 1)
            w1 -= u1 >> (Int.bitWidth - 1)
            r0 = u0 < 0 ? capacity &- a0 : u0
            r1 = u1 < 0 ? capacity &- a1 : u1
            j &+= 1
          }
        }
        // The first lane's items beyond the second lane's length (or all of them).
        while j < half {
          let a0 = first[j]
          let u0 = r0 &- a0
          w0.pointee = j
          w0 -= u0 >> (Int.bitWidth - 1)
          r0 = u0 < 0 ? capacity &- a0 : u0
          j &+= 1
        }
        var written = w0 - out.baseAddress!
        if half < n {
          // Join: scan the second half with the true room until a true break
          // falls on one of the lane's (lane-relative) breaks.
          let laneCount = w1 - (out.baseAddress! + half)
          var p = half
          var room = r0
          var pending: [Int] = []
          var met = false
          for i in half..<n {
            let u = room &- size[i]
            if u >= 0 { room = u; continue }
            while p < half + laneCount && out[p] &+ half < i { p += 1 }
            if p < half + laneCount && out[p] &+ half == i { met = true; break }
            pending.append(i)
            room = capacity &- size[i]
          }
          if met {
            // The lane's breaks from p on are true: move them after the
            // pending ones (the regions may overlap; moveInitialize copies
            // as memmove does), then write the pending ones.
            let tail = half + laneCount - p
            let destination = written + pending.count
            if destination != p {
              (out.baseAddress! + destination).moveInitialize(from: out.baseAddress! + p, count: tail)
            }
            for k in 0..<tail { out[destination + k] &+= half }
            for (k, b) in pending.enumerated() { out[written + k] = b }
            written = destination + tail
          } else {
            for b in pending { out[written] = b; written += 1 }
          }
        }
        out[written] = n
        initialized = written + 1
      }
    }
  }
}
