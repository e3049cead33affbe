/// Next-fit: items in the given order; a new row is opened when the next
/// item does not fit in the current one, which is then never looked at again.
///
/// This is what a flow layout (a tag list that wraps) does. Among the
/// packings that keep the given order (each row a run of consecutive items),
/// it uses the fewest rows: filling each row as far as possible never hurts.
///
/// D. S. Johnson, "Near-optimal bin packing algorithms", PhD thesis, MIT, 1973.
///
/// - Complexity: O(*n*) time: one pass over the sizes; O(*n*) memory for the result.
public struct NextFit: RowPacker {
  public init() {}
  public var name: String { "next-fit" }

  public func pack(_ instance: ScaledInstance) -> Packing {
    let n = instance.count
    guard n > 0 else { return Packing(items: [], rowStarts: [0]) }
    let capacity = instance.capacity
    // The items stay in their order: only the row breaks are found, in one
    // pass that keeps the current row's load in a register.
    var rowStarts = [0]
    // Two neighbouring rows never fit in one, so rows <= 2 L1 + 1: one allocation.
    let total = instance.sizes.reduce(0, &+)
    rowStarts.reserveCapacity(Swift.min(n, 2 * ((total + capacity - 1) / Swift.max(capacity, 1)) + 1) + 1)
    instance.sizes.withUnsafeBufferPointer { sizes in
      var load = sizes[0]
      for item in 1..<n {
        let next = load &+ sizes[item]
        if next > capacity {
          rowStarts.append(item)
          load = sizes[item]
        } else {
          load = next
        }
      }
    }
    rowStarts.append(n)
    return Packing(items: Array(0..<n), rowStarts: rowStarts)
  }
}
