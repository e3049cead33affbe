import Foundation

/// Small SVG charts for reports: no dependency, one function per chart.
enum SVGChart {
  static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
  static let width = 540.0, height = 320.0
  /// The legend sits right of the plot.
  static let left = 56.0, right = 140.0, top = 14.0, bottom = 44.0

  static func color(_ i: Int) -> String { palette[i % palette.count] }

  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }

  static func f(_ v: Double) -> String { String(format: "%.1f", v) }

  /// The frame, axis labels and a legend; `plot` draws inside.
  static func frame(xLabel: String, yLabel: String, legend: [(name: String, color: Int)], _ plot: String, xTicks: [(Double, String)], yTicks: [(Double, String)]) -> String {
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"10\">"
    svg += "<rect x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"white\"/>"
    svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(width - left - right))\" height=\"\(f(height - top - bottom))\" fill=\"none\" stroke=\"#888\"/>"
    for (x, label) in xTicks {
      svg += "<line x1=\"\(f(x))\" y1=\"\(f(height - bottom))\" x2=\"\(f(x))\" y2=\"\(f(height - bottom + 4))\" stroke=\"#888\"/>"
      svg += "<text x=\"\(f(x))\" y=\"\(f(height - bottom + 14))\" text-anchor=\"middle\">\(escape(label))</text>"
    }
    for (y, label) in yTicks {
      svg += "<line x1=\"\(f(left - 4))\" y1=\"\(f(y))\" x2=\"\(f(left))\" y2=\"\(f(y))\" stroke=\"#888\"/>"
      svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(width - right))\" y2=\"\(f(y))\" stroke=\"#eee\"/>"
      svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y + 3))\" text-anchor=\"end\">\(escape(label))</text>"
    }
    svg += "<text x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\" font-size=\"11\">\(escape(xLabel))</text>"
    svg += "<text transform=\"translate(13,\(f((top + height - bottom) / 2))) rotate(-90)\" text-anchor=\"middle\" font-size=\"11\">\(escape(yLabel))</text>"
    svg += plot
    for (i, entry) in legend.enumerated() {
      let y = top + 10 + Double(i) * 14
      svg += "<rect x=\"\(f(width - right + 10))\" y=\"\(f(y - 8))\" width=\"10\" height=\"10\" fill=\"\(color(entry.color))\"/>"
      svg += "<text x=\"\(f(width - right + 24))\" y=\"\(f(y + 1))\">\(escape(entry.name))</text>"
    }
    return svg + "</svg>"
  }

  static func legend(_ names: [String], _ report: BenchReport) -> [(name: String, color: Int)] {
    names.map { name in (name, report.algorithms.firstIndex(of: name) ?? 0) }
  }

  static func performanceProfile(_ profile: BenchReport.Profile, colors report: BenchReport) -> String {
    let maxRatio = max(2, (profile.ratios.flatMap { $0 }.max() ?? 2) * 1.2)
    let xMax = log2(maxRatio)
    let plotW = width - left - right, plotH = height - top - bottom
    func x(_ tau: Double) -> Double { left + log2(tau) / xMax * plotW }
    func y(_ rho: Double) -> Double { top + (1 - rho) * plotH }
    var plot = ""
    let n = Double(max(profile.problems, 1))
    for (i, ratios) in profile.ratios.enumerated() {
      var points: [(Double, Double)] = []
      var count = ratios.filter { $0 <= 1 + 1e-12 }.count
      points.append((x(1), y(Double(count) / n)))
      for ratio in ratios where ratio > 1 + 1e-12 {
        points.append((x(ratio), y(Double(count) / n)))
        count += 1
        points.append((x(ratio), y(Double(count) / n)))
      }
      points.append((x(maxRatio), y(Double(count) / n)))
      let c = report.algorithms.firstIndex(of: profile.algorithms[i]) ?? i
      plot += "<polyline fill=\"none\" stroke=\"\(color(c))\" stroke-width=\"2\" points=\"" + points.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ") + "\"/>"
    }
    var xTicks: [(Double, String)] = []
    var tau = 1.0
    let step = xMax > 12 ? 4.0 : (xMax > 6 ? 2.0 : 1.0)
    while tau <= maxRatio { xTicks.append((x(tau), formatTick(tau))); tau *= pow(2, step) }
    let yTicks = stride(from: 0.0, through: 1.0, by: 0.2).map { (y($0), String(format: "%.1f", $0)) }
    return frame(xLabel: "tau (time / fastest time, log scale)", yLabel: "share of instances", legend: legend(profile.algorithms, report), plot, xTicks: xTicks, yTicks: yTicks)
  }

  static func gapDistribution(_ report: BenchReport) -> String {
    let bins = BenchReport.gapBins.count
    let series = report.gapDistribution
    let maxCount = max(1, series.flatMap(\.counts).max() ?? 1)
    let plotW = width - left - right, plotH = height - top - bottom
    let groupW = plotW / Double(bins)
    let barW = groupW * 0.8 / Double(max(series.count, 1))
    var plot = ""
    for (i, entry) in series.enumerated() {
      for (b, count) in entry.counts.enumerated() where count > 0 {
        let h = Double(count) / Double(maxCount) * plotH
        let x = left + Double(b) * groupW + groupW * 0.1 + Double(i) * barW
        plot += "<rect x=\"\(f(x))\" y=\"\(f(top + plotH - h))\" width=\"\(f(max(barW - 1, 1)))\" height=\"\(f(h))\" fill=\"\(color(i))\"><title>\(escape(entry.algorithm)): \(count)</title></rect>"
      }
    }
    let xTicks = BenchReport.gapBins.enumerated().map { (left + (Double($0.offset) + 0.5) * groupW, $0.element) }
    let yTicks = niceTicks(maxCount).map { (top + plotH - Double($0) / Double(maxCount) * plotH, String($0)) }
    return frame(xLabel: "gap (rows above the optimum or bound)", yLabel: "runs", legend: legend(series.map(\.algorithm), report), plot, xTicks: xTicks, yTicks: yTicks)
  }

  static func timeAgainstN(_ report: BenchReport) -> String {
    let points = report.timeAgainstN.flatMap { $0.points }.filter { $0.n > 0 && $0.milliseconds > 0 }
    let xs = points.map { log10(Double($0.n)) }, ys = points.map { log10($0.milliseconds) }
    let x0 = floor(xs.min() ?? 0), x1 = max(ceil(xs.max() ?? 1), x0 + 1)
    let y0 = floor(ys.min() ?? -3), y1 = max(ceil(ys.max() ?? 0), y0 + 1)
    let plotW = width - left - right, plotH = height - top - bottom
    func x(_ v: Double) -> Double { left + (v - x0) / (x1 - x0) * plotW }
    func y(_ v: Double) -> Double { top + (1 - (v - y0) / (y1 - y0)) * plotH }
    var plot = ""
    for (i, entry) in report.timeAgainstN.enumerated() {
      for p in entry.points where p.n > 0 && p.milliseconds > 0 {
        plot += "<circle cx=\"\(f(x(log10(Double(p.n)))))\" cy=\"\(f(y(log10(p.milliseconds))))\" r=\"2.2\" fill=\"\(color(i))\" fill-opacity=\"0.6\"/>"
      }
    }
    let xTicks = stride(from: x0, through: x1, by: 1).map { (x($0), formatTick(pow(10, $0))) }
    let yStep = (y1 - y0) > 6 ? 2.0 : 1.0
    let yTicks = stride(from: y0, through: y1, by: yStep).map { (y($0), formatTick(pow(10, $0))) }
    return frame(xLabel: "n (items, log scale)", yLabel: "time (ms, log scale)", legend: legend(report.timeAgainstN.map(\.algorithm), report), plot, xTicks: xTicks, yTicks: yTicks)
  }

  static func formatTick(_ v: Double) -> String {
    if v >= 1 && v < 1e6 && v == v.rounded() { return String(Int(v)) }
    if v < 1 && v >= 1e-4 { return String(format: "%g", v) }
    return String(format: "1e%d", Int(log10(v).rounded()))
  }

  static func niceTicks(_ maximum: Int) -> [Int] {
    let raw = Double(maximum) / 5
    let magnitude = pow(10, floor(log10(max(raw, 1))))
    let step = Int([1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10)
    return Array(stride(from: 0, through: maximum, by: max(step, 1)))
  }
}
