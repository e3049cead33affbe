import RowPacking

/// Does reordering tags save rows? Lays out each tag cloud with every
/// algorithm and compares them with next-fit, the order-keeping flow layout.
///
/// For each cloud and algorithm it records the rows, the content height,
/// and how far the tags moved (``OrderDisplacement``, both as packed and
/// with each row read in input order, rows by their first tag). It also
/// records the cost of the strict fit test (``FitTest/strict``) for
/// next-fit and first-fit-decreasing, and the rows that next-fit fills
/// exactly (the rows the strict test refuses). The optimum of a cloud is
/// known when an algorithm's rows equal the lower bound (L1/L2), or when a
/// solver proves it.
public struct TagCloudStudy: Sendable {
  /// A tag cloud to study: its instance (widths as written in the dataset)
  /// and the height of its tags.
  public struct Cloud: Sendable {
    public var instance: Instance
    public var tagHeight: Double
    /// The style's name (for grouping), such as `capsule`.
    public var preset: String
    public init(instance: Instance, tagHeight: Double, preset: String) {
      self.instance = instance
      self.tagHeight = tagHeight
      self.preset = preset
    }
  }

  /// An algorithm under study: a packer of the core, or a solver (given an
  /// instance, its rows and whether they are proven optimal).
  public struct Algorithm: Sendable {
    public var name: String
    public var solve: @Sendable (Instance) -> (rows: [[Int]]?, provenOptimal: Bool)
    public init(name: String, solve: @escaping @Sendable (Instance) -> (rows: [[Int]]?, provenOptimal: Bool)) {
      self.name = name
      self.solve = solve
    }
    /// A core packer, run through ``solve(_:with:resolution:)`` (verified, bounded).
    public init(_ algorithm: PackingAlgorithm) {
      self.init(name: algorithm.rawValue) { instance in
        let result = RowPacking.solve(instance, with: algorithm.packer)
        return (result.packing?.rows, result.status == .optimal)
      }
    }
  }

  /// One algorithm on one cloud.
  public struct Outcome: Sendable, Hashable {
    public var rows: Int
    public var contentHeight: Double
    /// Displacement of the order as the packer returned it.
    public var packedOrder: OrderDisplacement
    /// Displacement with rows read in input order (the layout's default).
    public var inputOrder: OrderDisplacement
    public var provenOptimal: Bool
  }

  /// Everything measured on one cloud.
  public struct CloudResult: Sendable {
    public var name: String
    public var preset: String
    public var count: Int
    public var lowerBound: LowerBound
    /// By algorithm name; missing when the algorithm failed (see ``failures``).
    public var outcomes: [String: Outcome]
    public var failures: [String: String]
    public var strictNextFitRows: Int
    public var strictFFDRows: Int
    /// Next-fit rows of two or more tags that fill the row width exactly
    /// (the rows the strict fit test refuses).
    public var exactFillRows: Int
    /// The optimum when proven (an algorithm's rows equal the bound, or a solver's proof).
    public var optimum: Int?
    /// Height of one row step (tag height + line spacing), for points saved.
    public var rowStep: Double
  }

  public var algorithms: [Algorithm]
  /// Layout options for heights (line spacing, insets); the width comes from each cloud.
  public var lineSpacing: Double
  public var insets: EdgeInsets

  public init(algorithms: [Algorithm], lineSpacing: Double = 8, insets: EdgeInsets = EdgeInsets(all: 16)) {
    self.algorithms = algorithms
    self.lineSpacing = lineSpacing
    self.insets = insets
  }

  /// The layout options of a cloud: its row width plus the insets, its
  /// spacing, and right to left when its labels are (``TextDirection``).
  public func options(for cloud: Cloud) -> LayoutOptions {
    LayoutOptions(
      width: cloud.instance.rowWidth + insets.leading + insets.trailing, insets: insets,
      spacing: cloud.instance.spacing, lineSpacing: lineSpacing,
      direction: TextDirection.of(labels: cloud.instance.labels ?? []))
  }

  /// The tags of a cloud: its labels (or "tag k"), widths and height.
  public func tags(for cloud: Cloud) -> [Tag] {
    let i = cloud.instance
    return i.widths.indices.map { Tag(label: i.labels?[$0] ?? "tag \($0 + 1)", width: i.widths[$0], height: cloud.tagHeight) }
  }

  /// Studies one cloud; also returns its layouts by algorithm (for pictures).
  ///
  /// - Complexity: the algorithms' own, plus O(*n* log *n*) per layout.
  public func study(_ cloud: Cloud) -> (result: CloudResult, layouts: [TagLayoutResult]) {
    let instance = cloud.instance
    let tags = tags(for: cloud)
    let options = options(for: cloud)
    let engine = TagLayoutEngine(options: options)
    var packedEngine = engine
    packedEngine.options.order = .packed
    let bound = (try? instance.scaled())?.simpleLowerBound ?? LowerBound(value: 0, source: .none)
    var outcomes: [String: Outcome] = [:]
    var failures: [String: String] = [:]
    var layouts: [TagLayoutResult] = []
    var optimum: Int? = nil
    for algorithm in algorithms {
      let (rows, proven) = algorithm.solve(instance)
      guard let rows else { failures[algorithm.name] = "no packing"; continue }
      do {
        let layout = try engine.layOut(tags, rows: rows, algorithm: algorithm.name)
        let packed = try packedEngine.layOut(tags, rows: rows, algorithm: algorithm.name)
        let isOptimal = proven || rows.count == bound.value
        if isOptimal { optimum = rows.count }
        outcomes[algorithm.name] = Outcome(
          rows: rows.count, contentHeight: layout.contentHeight, packedOrder: packed.displacement,
          inputOrder: layout.displacement, provenOptimal: isOptimal)
        layouts.append(layout)
      } catch {
        failures[algorithm.name] = error.description
      }
    }
    var strictEngine = engine
    strictEngine.options.fit = .strict
    let strictNF = (try? strictEngine.layOut(tags, using: NextFit()).rows.count) ?? 0
    let strictFFD = (try? strictEngine.layOut(tags, using: FirstFitDecreasing()).rows.count) ?? 0
    var exactFills = 0
    if let nf = try? engine.layOut(tags, using: NextFit()) {
      let tolerance = 1e-9 * (instance.rowWidth + instance.spacing)
      exactFills = nf.rows.filter { $0.tags.count >= 2 && abs($0.usedWidth - instance.rowWidth) <= tolerance }.count
    }
    let result = CloudResult(
      name: instance.name, preset: cloud.preset, count: instance.count, lowerBound: bound,
      outcomes: outcomes, failures: failures, strictNextFitRows: strictNF, strictFFDRows: strictFFD,
      exactFillRows: exactFills, optimum: optimum, rowStep: cloud.tagHeight + lineSpacing)
    return (result, layouts)
  }
}
