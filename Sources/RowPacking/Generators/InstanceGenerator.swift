/// A generated instance and its optimum, when known by construction.
public struct GeneratedInstance: Sendable {
  public var instance: Instance
  /// The proven optimum, when the construction proves it (rows of the
  /// construction equal the continuous bound), else `nil`.
  public var optimum: Int?
}

/// Seeded generators of integer instances in the style of the classic benchmark sets.
public enum InstanceGenerator: String, CaseIterable, Sendable {
  /// Sizes drawn uniformly from a range (Falkenauer's U class: 20...100,
  /// capacity 150). The optimum is not known by construction.
  case uniform
  /// Rows of capacity 1000 each filled exactly by three items of sizes in
  /// (250, 500) (Falkenauer's T class); optimum = n / 3.
  case triplets
  /// `k` rows each cut into 2 to 6 random pieces that fill it exactly;
  /// optimum = k.
  case perfect

  /// One line on the kind.
  public var summary: String {
    switch self {
    case .uniform: return "n sizes uniform in 20...100, capacity 150 (Falkenauer U); optimum unknown"
    case .triplets: return "n/3 rows of capacity 1000 each filled by exactly 3 items (Falkenauer T); optimum n/3"
    case .perfect: return "k rows of capacity 1000 each cut into 2-6 pieces that fill it; optimum k"
    }
  }

  /// Generates one instance of about `size` items, named `name`.
  ///
  /// - Parameters:
  ///   - name: the instance's name.
  ///   - size: the number of items (`uniform`), rounded up to a
  ///     multiple of 3 (`triplets`), or the number of rows (`perfect`).
  ///   - rng: the seeded generator the sizes are drawn from.
  public func generate(name: String, size: Int, using rng: inout SplitMix64) -> GeneratedInstance {
    switch self {
    case .uniform:
      let widths = (0..<max(size, 1)).map { _ in Int.random(in: 20...100, using: &rng) }
      return GeneratedInstance(instance: try! Instance(name: name, widths: widths, rowWidth: 150), optimum: nil)
    case .triplets:
      let capacity = 1000
      let rows = max(1, (size + 2) / 3)
      var widths: [Int] = []
      for _ in 0..<rows {
        // Falkenauer's construction: a in [380, 490], b in [250, (C - a) / 2],
        // c = C - a - b >= b >= 250, so every item is in [250, 500).
        let a = Int.random(in: 380...490, using: &rng)
        let b = Int.random(in: 250...((capacity - a) / 2), using: &rng)
        widths += [a, b, capacity - a - b]
      }
      widths.shuffle(using: &rng)
      return GeneratedInstance(instance: try! Instance(name: name, widths: widths, rowWidth: capacity), optimum: rows)
    case .perfect:
      let capacity = 1000
      let rows = max(1, size)
      var widths: [Int] = []
      for _ in 0..<rows {
        let pieces = Int.random(in: 2...6, using: &rng)
        var cuts = Set<Int>()
        while cuts.count < pieces - 1 { cuts.insert(Int.random(in: 1..<capacity, using: &rng)) }
        let points = [0] + cuts.sorted() + [capacity]
        for i in 1..<points.count { widths.append(points[i] - points[i - 1]) }
      }
      widths.shuffle(using: &rng)
      return GeneratedInstance(instance: try! Instance(name: name, widths: widths, rowWidth: capacity), optimum: rows)
    }
  }
}
