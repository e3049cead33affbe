import Foundation
import RowPacking

extension RunComparison {
  /// One line: "NEW proves 3 more; time ratio 0.82 [0.74, 0.91], p = 0.002".
  public var verdict: String {
    let o = overall
    var text: String
    switch o.provenDifference {
    case 0: text = "NEW proves as many (\(o.newProven))"
    case let d where d > 0: text = "NEW proves \(d) more"
    case let d: text = "NEW proves \(-d) fewer"
    }
    if !o.gained.isEmpty || !o.lost.isEmpty { text += " (gains \(o.gained.count), loses \(o.lost.count))" }
    if let r = o.timeRatio {
      text += "; time ratio " + Self.ratio(r.estimate) + " [" + Self.ratio(r.lower) + ", " + Self.ratio(r.upper) + "]"
    } else {
      text += "; time ratio n/a"
    }
    text += ", " + (o.wilcoxon.map { "p = " + Self.probability($0.pValue) } ?? "p n/a")
    return text
  }

  /// What the interval says, in words.
  public var timeConclusion: String {
    let level = Self.percent(settings.confidence)
    guard let r = overall.timeRatio else { return "No pair has a time on both sides: no time ratio." }
    if r.upper < 1 { return "NEW is faster: the \(level) interval of the time ratio lies below 1." }
    if r.lower > 1 { return "NEW is slower: the \(level) interval of the time ratio lies above 1." }
    return "No difference in time at \(level): the interval of the time ratio contains 1."
  }

  static let headers = [
    "set", "paired", "BASE proven", "NEW proven", "gained", "lost", "BASE sgm", "NEW sgm", "ratio", "interval",
    "both proven", "Wilcoxon p",
  ]

  func cells(_ g: Group) -> [String] {
    func time(_ t: Double?) -> String { t.map(Self.time) ?? "-" }
    return [
      g.dataset, String(g.paired), String(g.baseProven), String(g.newProven), "+\(g.gained.count)",
      "-\(g.lost.count)", time(g.baseTime), time(g.newTime), g.timeRatio.map { Self.ratio($0.estimate) } ?? "-",
      g.timeRatio.map { "[" + Self.ratio($0.lower) + ", " + Self.ratio($0.upper) + "]" } ?? "-",
      String(g.bothProven),
      g.wilcoxon.map { Self.probability($0.pValue) + ($0.method == .exact ? " (exact)" : "") } ?? "-",
    ]
  }

  var tableGroups: [Group] { groups.count > 1 ? groups + [overall] : groups }

  var explanation: String {
    let level = Self.percent(settings.confidence)
    return "sgm: shifted geometric mean of time in \(unit), exp(mean(ln(t + \(formatNumber(shift))))) - \(formatNumber(shift))"
      + (heuristic ? "" : ", an unproven exact solve at its time limit")
      + "; ratio NEW / BASE with its \(level) percentile bootstrap interval (\(settings.resamples) resamples of the paired"
      + " instances, SplitMix64 seed \(settings.seed)); Wilcoxon signed-rank test, two-sided, on the paired times of the"
      + " instances both proved (exact for up to \(WilcoxonSignedRank.exactLimit) non-zero differences, else the normal"
      + " approximation with tie and zero corrections)."
  }

  func lists(bullet: String, code: (String) -> String) -> String {
    var text = ""
    func list(_ title: String, _ names: [String]) {
      guard !names.isEmpty else { return }
      let shown = names.prefix(50).map(code).joined(separator: ", ")
      text += "\(bullet)\(title) (\(names.count)): \(shown)\(names.count > 50 ? ", ..." : "")\n"
    }
    list("Gained, proven by NEW only", overall.gained)
    list("Lost, proven by BASE only", overall.lost)
    list("Only in BASE", overall.onlyInBase)
    list("Only in NEW", overall.onlyInNew)
    if overall.baseWrong > 0 || overall.newWrong > 0 {
      text += "\(bullet)Wrong results: BASE \(overall.baseWrong), NEW \(overall.newWrong)\n"
    }
    return text
  }

  /// A plain-text report that fits one screen.
  public var text: String {
    var out = "BASE: \(base)\nNEW:  \(new)\n\n"
    let rows = [Self.headers] + tableGroups.map(cells)
    var widths = [Int](repeating: 0, count: Self.headers.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    for row in rows {
      out += row.enumerated().map { i, cell in
        i == 0 ? cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[i] - cell.count) + cell
      }.joined(separator: "  ") + "\n"
    }
    out += "\n" + lists(bullet: "", code: { $0 })
    out += "\n" + explanation + "\n\n" + verdict + "\n" + timeConclusion + "\n"
    return out
  }

  /// The same report in Markdown.
  public var markdown: String {
    var out = "BASE: \(base); NEW: \(new).\n\n"
    out += "| " + Self.headers.joined(separator: " | ") + " |\n"
    out += "|---|" + String(repeating: "---:|", count: Self.headers.count - 1) + "\n"
    for g in tableGroups { out += "| " + cells(g).joined(separator: " | ") + " |\n" }
    let lists = lists(bullet: "- ", code: { "`\($0)`" })
    if !lists.isEmpty { out += "\n" + lists }
    out += "\n" + explanation + "\n\n**" + verdict + ".** " + timeConclusion + "\n"
    return out
  }

  /// Three significant digits, without an exponent down to 0.001.
  static func time(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude >= 100 || magnitude == 0 { return String(format: "%.0f", value) }
    if magnitude >= 0.001 {
      let decimals = 2 - Int(log10(magnitude).rounded(.down))
      return String(format: "%.\(decimals)f", value)
    }
    return String(format: "%.2e", value)
  }

  static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

  static func probability(_ p: Double) -> String {
    p >= 0.001 ? String(format: "%.3f", p) : String(format: "%.1e", p)
  }

  static func percent(_ confidence: Double) -> String { formatNumber(confidence * 100) + " %" }
}
