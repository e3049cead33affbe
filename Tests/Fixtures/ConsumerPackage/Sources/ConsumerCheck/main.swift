import RowPacking

let rows = try packRows(widths: [96.5, 120, 64, 150, 88], rowWidth: 358, spacing: 8, algorithm: .firstFitDecreasing)
print(rows)
let optimal = try packRowsOptimally(widths: [96.5, 120, 64, 150, 88], rowWidth: 358, spacing: 8)
print(optimal.packing!.rows)
