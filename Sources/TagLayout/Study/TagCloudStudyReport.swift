import RowPacking

extension TagCloudStudy {
  /// Writes the answer as Markdown: per algorithm, how often reordering
  /// saves at least one row against next-fit, how many rows and points of
  /// height it saves, how far tags move, how often it is optimal; how often
  /// FFD is already optimal; what the strict fit test costs; then a table
  /// per cloud.
  ///
  /// - Parameters:
  ///   - results: the clouds studied.
  ///   - header: lines placed under the title (provenance: command, font, date).
  /// - Complexity: O(clouds x algorithms).
  public func markdown(_ results: [CloudResult], header: [String] = []) -> String {
    let baseline = "next-fit"
    let names = algorithms.map(\.name)
    var out = "# Does reordering tags save rows?\n\n"
    for line in header { out += line + "\n" }
    if !header.isEmpty { out += "\n" }
    let clouds = results.count
    let tagsTotal = results.reduce(0) { $0 + $1.count }
    out += "\(clouds) tag clouds, \(tagsTotal) tags in all. Baseline: `\(baseline)`, the order-keeping flow layout. "
    out += "A cloud's optimum is known when some algorithm's rows equal the lower bound (L1/L2) or an exact solver proves it: "
    out += "\(results.filter { $0.optimum != nil }.count) of \(clouds).\n\n"

    // In short: next-fit against the best packing known of each cloud, and FFD.
    let ffdName = PackingAlgorithm.firstFitDecreasing.rawValue
    var losing = 0, lostRows = 0, maxLost = 0, ffdBack = 0, ffdAtOptimum = 0
    var lostPoints = 0.0, moved = 0.0, tagCount = 0.0
    for r in results {
      guard let nf = r.outcomes[baseline] else { continue }
      let best = r.optimum ?? r.outcomes.values.map(\.rows).min() ?? nf.rows
      let lost = nf.rows - best
      if lost > 0 { losing += 1 }
      lostRows += lost
      maxLost = max(maxLost, lost)
      lostPoints += Double(lost) * r.rowStep
      if let ffd = r.outcomes[ffdName] {
        ffdBack += nf.rows - ffd.rows
        if ffd.rows == r.optimum { ffdAtOptimum += 1 }
        moved += Double(ffd.inputOrder.movedTags)
        tagCount += Double(r.count)
      }
    }
    out += "**In short.** Keeping the input order (next-fit) costs at least one row on \(losing) of \(clouds) clouds "
    out += "(\(percent(losing, clouds))): \(lostRows) rows in all, up to \(maxLost) on one cloud, \(fmt(lostPoints)) pt of height, "
    out += "against the fewest rows known (proven optimal on \(results.filter { $0.optimum != nil }.count) clouds). "
    out += "First-fit-decreasing wins back \(ffdBack) of those \(lostRows) rows and is optimal on \(ffdAtOptimum) clouds; "
    out += "with each row read in input order it moves \(fmt(tagCount == 0 ? 0 : 100 * moved / tagCount, digits: 0))% of the tags.\n\n"

    out += "## Reordering against next-fit\n\n"
    out += "| algorithm | clouds saving >= 1 row | rows saved (total) | rows saved (max) | height saved, pt (total) | height saved, pt (mean per cloud) | tags moved, as packed (mean) | tags moved, rows in input order (mean) | Kendall tau, rows in input order (mean, normalized) | optimal (proven) | failed |\n"
    out += "|---|---|---|---|---|---|---|---|---|---|---|\n"
    for name in names {
      var saving = 0, saved = 0, maxSaved = 0, optimal = 0, failed = 0, compared = 0
      var points = 0.0, movedPacked = 0.0, movedInput = 0.0, tau = 0.0
      for r in results {
        guard let o = r.outcomes[name] else { failed += 1; continue }
        if o.provenOptimal || (r.optimum == o.rows) { optimal += 1 }
        guard let base = r.outcomes[baseline] else { continue }
        compared += 1
        let delta = base.rows - o.rows
        if delta > 0 { saving += 1 }
        saved += delta
        maxSaved = max(maxSaved, delta)
        points += base.contentHeight - o.contentHeight
        movedPacked += Double(o.packedOrder.movedTags)
        movedInput += Double(o.inputOrder.movedTags)
        tau += o.inputOrder.normalizedKendallTau
      }
      let c = Double(max(compared, 1))
      out += "| `\(name)` | \(saving) of \(compared) (\(percent(saving, compared))) | \(saved) | \(maxSaved) | \(fmt(points)) | \(fmt(points / c)) | \(fmt(movedPacked / c)) | \(fmt(movedInput / c)) | \(fmt(tau / c, digits: 3)) | \(optimal) of \(clouds) | \(failed) |\n"
    }
    out += "\nRows saved is next-fit's rows minus the algorithm's (negative: it needed more). Height is the content height of the layout "
    out += "(row heights, line spacing \(fmt(lineSpacing)) pt, insets). Tags moved = n minus the longest increasing subsequence of input positions in reading order; "
    out += "Kendall tau = discordant pairs, normalized by n(n-1)/2.\n\n"

    out += "## Is first-fit-decreasing already optimal?\n\n"
    let ffd = PackingAlgorithm.firstFitDecreasing.rawValue
    let known = results.filter { $0.optimum != nil }
    let ffdOptimal = known.filter { $0.outcomes[ffd]?.rows == $0.optimum }.count
    let ffdAbove = known.filter { ($0.outcomes[ffd]?.rows ?? 0) > $0.optimum! }
    out += "Of the \(known.count) clouds whose optimum is known, FFD reaches it on \(ffdOptimal) (\(percent(ffdOptimal, known.count)))"
    if ffdAbove.isEmpty {
      out += ".\n"
    } else {
      out += "; it is one or more rows above on: " + ffdAbove.map { "`\($0.name)` (\($0.outcomes[ffd]!.rows) vs \($0.optimum!))" }.joined(separator: ", ") + ".\n"
    }
    let unknown = results.filter { $0.optimum == nil }
    if !unknown.isEmpty {
      out += "Optimum unknown (no algorithm meets the lower bound and no exact solver proved it) on \(unknown.count) clouds: "
      out += unknown.map { "`\($0.name)` (bound \($0.lowerBound.value), best \($0.outcomes.values.map(\.rows).min() ?? 0))" }.joined(separator: ", ") + ".\n"
    }
    out += "\n"

    out += "## What the strict fit test costs\n\n"
    out += "The strict test `used < row width` (`--fit strict`) refuses a row that would fill exactly; the default is `<=`.\n\n"
    let nfRows = results.compactMap { $0.outcomes[baseline]?.rows }.reduce(0, +)
    let strictNF = results.reduce(0) { $0 + $1.strictNextFitRows }
    let nfWorse = results.filter { r in r.outcomes[baseline].map { r.strictNextFitRows > $0.rows } ?? false }.count
    let ffdRows = results.compactMap { $0.outcomes[ffd]?.rows }.reduce(0, +)
    let strictFFD = results.reduce(0) { $0 + $1.strictFFDRows }
    let ffdWorse = results.filter { r in r.outcomes[ffd].map { r.strictFFDRows > $0.rows } ?? false }.count
    let exactFills = results.reduce(0) { $0 + $1.exactFillRows }
    let strictPoints = results.reduce(0.0) { acc, r in
      acc + Double(r.strictNextFitRows - (r.outcomes[baseline]?.rows ?? r.strictNextFitRows)) * r.rowStep
    }
    out += "| packer | rows, `<=` | rows, strict `<` | clouds with more rows | extra height, pt |\n|---|---|---|---|---|\n"
    out += "| `\(baseline)` | \(nfRows) | \(strictNF) | \(nfWorse) of \(clouds) | \(fmt(strictPoints)) |\n"
    let strictFFDPoints = results.reduce(0.0) { acc, r in
      acc + Double(r.strictFFDRows - (r.outcomes[ffd]?.rows ?? r.strictFFDRows)) * r.rowStep
    }
    out += "| `\(ffd)` | \(ffdRows) | \(strictFFD) | \(ffdWorse) of \(clouds) | \(fmt(strictFFDPoints)) |\n\n"
    out += "Next-fit fills \(exactFills) \(exactFills == 1 ? "row" : "rows") of two or more tags exactly across all clouds; those are the rows the strict test refuses (a tag as wide as the row keeps a row of its own under either test).\n\n"

    let presets = Array(Set(results.map(\.preset))).sorted()
    if presets.count > 1 {
      out += "## By tag style\n\n| preset | clouds | mean tags | " + names.filter { $0 != baseline }.map { "`\($0)` saves >= 1 row" }.joined(separator: " | ") + " |\n"
      out += "|---|---|---|" + String(repeating: "---|", count: names.count - (names.contains(baseline) ? 1 : 0)) + "\n"
      for preset in presets {
        let group = results.filter { $0.preset == preset }
        let mean = Double(group.reduce(0) { $0 + $1.count }) / Double(max(group.count, 1))
        out += "| \(preset) | \(group.count) | \(fmt(mean)) |"
        for name in names where name != baseline {
          let saving = group.filter { r in
            guard let b = r.outcomes[baseline]?.rows, let o = r.outcomes[name]?.rows else { return false }
            return o < b
          }.count
          out += " \(saving) of \(group.count) |"
        }
        out += "\n"
      }
      out += "\n"
    }

    out += "## Every cloud\n\n| cloud | preset | tags | bound | " + names.map { "`\($0)`" }.joined(separator: " | ") + " | next-fit strict | optimum |\n"
    out += "|---|---|---|---|" + String(repeating: "---|", count: names.count) + "---|---|\n"
    for r in results {
      out += "| \(r.name) | \(r.preset) | \(r.count) | \(r.lowerBound.value) (\(r.lowerBound.source.rawValue)) |"
      for name in names { out += " \(r.outcomes[name].map { String($0.rows) } ?? "failed") |" }
      out += " \(r.strictNextFitRows) | \(r.optimum.map(String.init) ?? "unknown") |\n"
    }
    let failures = results.flatMap { r in r.failures.map { "`\(r.name)` / `\($0.key)`: \($0.value)" } }
    if !failures.isEmpty {
      out += "\nFailures:\n\n" + failures.sorted().map { "- \($0)\n" }.joined()
    }
    return out
  }
}

private func percent(_ part: Int, _ whole: Int) -> String {
  whole == 0 ? "-" : fmt(100 * Double(part) / Double(whole), digits: 0) + "%"
}

/// A number for the reports: `digits` decimals, no trailing `.0` on whole values.
func fmt(_ value: Double, digits: Int = 1) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  if digits == 0 || rounded == rounded.rounded() { return String(Int(rounded.rounded())) }
  var s = String(rounded)
  if let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) - 1 < digits {
    s += String(repeating: "0", count: digits - (s.distance(from: dot, to: s.endIndex) - 1))
  }
  return s
}
