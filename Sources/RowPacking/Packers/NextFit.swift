/// Next-fit: items in the given order; a new row is opened when the next
/// item does not fit in the current one, which is then never looked at again.
///
/// This is what a flow layout (a tag list that wraps) does. Among the
/// packings that keep the given order (each row a run of consecutive items),
/// it uses the fewest rows: filling each row as far as possible never hurts.
///
/// D. S. Johnson, "Near-optimal bin packing algorithms", PhD thesis, MIT, 1973.
///
/// - Complexity: O(*n*) time, O(*n*) memory for the result.
public struct NextFit: RowPacker {
  public init() {}
  public var name: String { "next-fit" }

  public func pack(_ instance: ScaledInstance) -> Packing {
    var rows: [[Int]] = []
    var current: [Int] = []
    var residual = 0
    for (item, size) in instance.sizes.enumerated() {
      if current.isEmpty || size > residual {
        if !current.isEmpty { rows.append(current) }
        current = [item]
        residual = instance.capacity - size
      } else {
        current.append(item)
        residual -= size
      }
    }
    if !current.isEmpty { rows.append(current) }
    return Packing(rows: rows)
  }
}
