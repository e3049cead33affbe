import RowPacking

/// Draws tag-cloud instances from lists of real labels, with a seed.
///
/// Cloud *k* (from 1) takes its list, its size (uniform in
/// ``tagCount``) and its labels (a uniform sample without replacement, in
/// the sampled order) from one ``SplitMix64`` stream seeded with `seed`;
/// the preset cycles through ``presets``. Each label is shaped with the
/// measurer's font, sized by the preset's style, and clamped to the row
/// width when longer (the layout's truncation), so every instance is valid.
/// The same seed, lists, font and presets give the same files.
public struct TagCloudGenerator: Sendable {
  /// A named list of labels (the file name without extension, and its labels).
  public struct Source: Sendable {
    public var name: String
    public var labels: [String]
    public init(name: String, labels: [String]) {
      self.name = name
      self.labels = labels
    }
  }

  /// A generated cloud: its file name, instance and provenance lines.
  public struct Cloud: Sendable {
    public var fileName: String
    public var instance: Instance
    /// Comment lines (without `#`) saying how the cloud was made.
    public var provenance: [String]
    /// How many tags were wider than the row and clamped.
    public var truncatedCount: Int

    /// The BPP file: provenance comments, then ``Instance/bppText``
    /// (`# spacing:`, n, row width, one width per line with its label).
    public var fileText: String {
      provenance.map { "# \($0)\n" }.joined() + instance.bppText
    }
  }

  public var sources: [Source]
  public var presets: [TagPreset]
  public var options: LayoutOptions
  public var tagCount: ClosedRange<Int>

  public init(
    sources: [Source], presets: [TagPreset] = TagPreset.allCases,
    options: LayoutOptions = LayoutOptions(), tagCount: ClosedRange<Int> = 5...60
  ) {
    self.sources = sources
    self.presets = presets
    self.options = options
    self.tagCount = tagCount
  }

  /// Draws `count` clouds.
  ///
  /// - Parameter command: the command line recorded in the provenance.
  /// - Throws: ``LayoutError`` for options that leave no row width.
  /// - Complexity: O(total labels drawn x label length) shaping.
  public func clouds(count: Int, seed: UInt64, measurer: TextMeasurer, command: String) throws(LayoutError) -> [Cloud] {
    let usable = sources.filter { !$0.labels.isEmpty }
    guard !usable.isEmpty, !presets.isEmpty else { return [] }
    let engine = TagLayoutEngine(options: options)
    var rng = SplitMix64(seed: seed)
    var clouds: [Cloud] = []
    let digits = String(count).count
    for k in 1...max(count, 1) where count > 0 {
      let source = usable[Int(rng.next() % UInt64(usable.count))]
      let span = UInt64(tagCount.upperBound - tagCount.lowerBound + 1)
      let n = min(tagCount.lowerBound + Int(rng.next() % span), source.labels.count)
      // Partial Fisher-Yates: the first n of a random permutation.
      var pool = Array(source.labels.indices)
      for i in 0..<n {
        let j = i + Int(rng.next() % UInt64(pool.count - i))
        pool.swapAt(i, j)
      }
      let labels = pool.prefix(n).map { source.labels[$0] }
      let preset = presets[(k - 1) % presets.count]
      let style = preset.style()
      let tags = measurer.tags(for: labels, style: style)
      let number = String(repeating: "0", count: digits - String(k).count) + String(k)
      let name = "cloud-\(number)-\(source.name)-\(preset.rawValue)"
      let instance = try engine.instance(for: tags, name: name)
      let truncated = tags.filter { $0.width > options.rowWidth }.count
      let o = options
      var provenance = [
        "tag cloud \(k) of \(count): \(n) labels of datasets/tags/\(source.name).txt, drawn by `\(command)`",
        "font: \(measurer.familyName) (\(measurer.font.path)), \(formatNumber(measurer.font.size)) pt, shaped by HarfBuzz \(TextMeasurer.harfBuzzVersion)",
        "preset: \(preset.rawValue) (\(preset.summary)); width = \(style.roundsLabelUp ? "ceil(advance)" : "advance") + \(formatNumber(style.horizontalChrome)) pt",
        "row: \(formatNumber(o.width)) pt wide minus insets \(formatNumber(o.insets.leading)) + \(formatNumber(o.insets.trailing)) = \(formatNumber(o.rowWidth)) pt; spacing between tags \(formatNumber(o.spacing)) pt",
      ]
      if truncated > 0 {
        provenance.append("\(truncated) tag(s) wider than the row, clamped to \(formatNumber(o.rowWidth)) pt (truncated in the layout)")
      }
      clouds.append(Cloud(fileName: name + ".txt", instance: instance, provenance: provenance, truncatedCount: truncated))
    }
    return clouds
  }
}
