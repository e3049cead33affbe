import RowPacking

/// Where each nested move goes, relative to the record moved before it.
public enum NestingPattern: String, CaseIterable, Sendable {
  /// Always just before the last moved record.
  case left
  /// Always just after it.
  case right
  /// Before, after, before, ...
  case alternating
  /// Before or after by a seeded coin.
  case random
}

/// The settings of one keys-bench run.
public struct KeysBenchConfiguration: Hashable, Sendable {
  /// Seeds every random choice (SplitMix64); the same seed gives the same report.
  public var seed: UInt64
  /// Nested moves per pattern for the string keys, and the most any
  /// scheme is run before it is said not to collide.
  public var moves: Int
  /// Records in the list the string keys are moved in.
  public var records: Int
  /// Runs averaged for the randomised cases (the article's scheme, the
  /// random pattern).
  public var trials: Int

  public init(seed: UInt64 = 1, moves: Int = 100_000, records: Int = 1_000, trials: Int = 100) {
    self.seed = seed
    self.moves = moves
    self.records = records
    self.trials = trials
  }
}

/// Nested moves until the first collision, over the trials of one pattern.
public enum CollisionOutcome: Hashable, Sendable, CustomStringConvertible {
  /// Every trial collided: the mean, fewest and most moves before it.
  case collided(mean: Double, min: Int, max: Int)
  /// No trial collided in this many moves.
  case none(moves: Int)
  /// Some trials collided, some did not within the moves.
  case sometimes(collided: Int, of: Int, moves: Int)

  public var description: String {
    switch self {
    case let .collided(mean, min, max):
      if min == max { return "\(min)" }
      return "\(Self.decimal(mean)) (\(min)-\(max))"
    case let .none(moves): return "none in \(moves)"
    case let .sometimes(collided, trials, moves): return "\(collided) of \(trials) runs in \(moves)"
    }
  }

  /// `x` with `places` decimals (no Foundation formatting, so the same everywhere).
  static func decimal(_ x: Double, places: Int = 1) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((x * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
  }

  init(movesBeforeCollision runs: [Int?], limit: Int) {
    let collided = runs.compactMap { $0 }
    if collided.isEmpty {
      self = .none(moves: limit)
    } else if collided.count < runs.count {
      self = .sometimes(collided: collided.count, of: runs.count, moves: limit)
    } else {
      self = .collided(
        mean: Double(collided.reduce(0, +)) / Double(collided.count), min: collided.min()!, max: collided.max()!)
    }
  }
}

/// One scheme's line of the table.
public struct KeysBenchRow: Hashable, Sendable {
  /// The scheme, in words.
  public var scheme: String
  /// The starting neighbours, in words.
  public var start: String
  /// Nested moves before the first collision, per pattern.
  public var outcomes: [NestingPattern: CollisionOutcome]
  /// The key's size: fixed bytes, or mean and longest characters.
  public var keyLength: String
  /// Records written per move.
  public var writesPerMove: String
}

/// One string-key run: a scheme and a pattern.
public struct StringKeysDetail: Hashable, Sendable {
  public var scheme: String
  public var pattern: NestingPattern
  /// Moves made (all of them unless one collided).
  public var moves: Int
  /// Records written, windows included.
  public var writes: Int
  /// Moves that rewrote a window (more than the moved record).
  public var windows: Int
  /// The most records one move wrote.
  public var largestWindow: Int
  /// Mean key length of the list at the end.
  public var meanLength: Double
  /// The longest key written.
  public var longest: Int

  static let headers = ["string keys", "pattern", "moves", "writes per move", "window rewrites", "largest window", "mean length at end", "longest key"]

  var cells: [String] {
    [scheme, pattern.rawValue, "\(moves)", CollisionOutcome.decimal(Double(writes) / Double(max(1, moves)), places: 2),
     "\(windows)", "\(largestWindow)", CollisionOutcome.decimal(meanLength), "\(longest)"]
  }
}

/// The keys-bench's result: one row per scheme.
public struct KeysBenchReport: Hashable, Sendable {
  public var configuration: KeysBenchConfiguration
  public var rows: [KeysBenchRow]
  /// The string keys' runs, one per scheme and pattern.
  public var details: [StringKeysDetail]

  static let headers = ["scheme", "start"] + NestingPattern.allCases.map(\.rawValue) + ["key length", "writes per move"]

  var cells: [[String]] {
    rows.map { row in
      [row.scheme, row.start] + NestingPattern.allCases.map { row.outcomes[$0]?.description ?? "-" }
        + [row.keyLength, row.writesPerMove]
    }
  }

  var notes: [String] {
    let c = configuration
    return [
      "Nested moves before the first collision (a new key equal to or outside its neighbours), moving records "
        + "into one spot: left, right, alternating or random relative to the record moved before.",
      "Randomised cases: mean (fewest-most) over \(c.trials) runs; string keys: \(c.moves) moves per pattern "
        + "in a list of \(c.records) records, checked after every move. Seed \(c.seed).",
      "Fixed-size keys write 1 record per move until the collision, then must renumber the list.",
    ]
  }

  /// Both tables as aligned plain text.
  public var text: String {
    func table(_ headers: [String], _ cells: [[String]]) -> [String] {
      let all = [headers] + cells
      let widths = headers.indices.map { column in all.map { $0[column].count }.max()! }
      func line(_ row: [String]) -> String {
        zip(row, widths).map { cell, width in cell + String(repeating: " ", count: width - cell.count) }
          .joined(separator: "  ").trimmingTrailingSpaces
      }
      return [line(headers), line(widths.map { String(repeating: "-", count: $0) })] + cells.map(line)
    }
    var lines = table(Self.headers, cells)
    lines.append("")
    lines += table(StringKeysDetail.headers, details.map(\.cells))
    lines.append("")
    lines += notes
    return lines.joined(separator: "\n") + "\n"
  }

  /// Both tables in Markdown (GitHub flavour).
  public var markdown: String {
    func table(_ headers: [String], _ cells: [[String]]) -> [String] {
      func line(_ row: [String]) -> String { "| " + row.joined(separator: " | ") + " |" }
      return [line(headers), line(headers.map { _ in "---" })] + cells.map(line)
    }
    var lines = table(Self.headers, cells)
    lines.append("")
    lines += table(StringKeysDetail.headers, details.map(\.cells))
    lines.append("")
    lines += notes.map { "- " + $0 }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}

/// The keys-bench: how many nested moves each way of storing order
/// survives before two records get the same key, what a key costs in
/// storage and how many records a move writes.
///
/// The fixed-size schemes only need the two neighbours of the spot; the
/// string keys run the real ``OrderKeyList`` with its cap of 32.
public enum KeysBench {
  /// Runs every scheme with `configuration`; deterministic for a seed.
  public static func run(_ configuration: KeysBenchConfiguration) -> KeysBenchReport {
    let c = configuration
    var rows: [KeysBenchRow] = []
    rows.append(fixedSizeRow(
      "article: double, random in middle third", start: "1e5 and 1e5 + 1", bytes: 8, randomised: true, c
    ) { lower, upper, random in doubleMiddleThird(lower, upper, &random) } initial: { (100_000, 100_001) })
    rows.append(fixedSizeRow(
      "article, best case", start: "1 and 2", bytes: 8, randomised: true, c
    ) { lower, upper, random in doubleMiddleThird(lower, upper, &random) } initial: { (1, 2) })
    rows.append(fixedSizeRow(
      "double midpoint", start: "1e5 and 1e5 + 1", bytes: 8, randomised: false, c
    ) { lower, upper, _ in lower + (upper - lower) / 2 } initial: { (100_000, 100_001) })
    rows.append(fixedSizeRow(
      "int32 midpoint, spacing 1024", start: "1024 k and 1024 (k + 1)", bytes: 4, randomised: false, c
    ) { lower, upper, _ in ((lower + upper) / 2).rounded(.down) } initial: { (102_400, 103_424) })
    var details: [StringKeysDetail] = []
    for (generator, name) in [(OrderKeyGenerator(), "string keys, cap 32"), (OrderKeyGenerator(jitter: true), "string keys, cap 32, jitter")] {
      let (row, runs) = stringKeysRow(generator, name: name, c)
      rows.append(row)
      details += runs
    }
    return KeysBenchReport(configuration: c, rows: rows, details: details)
  }

  /// The article's scheme: a random double in the middle third of the gap.
  static func doubleMiddleThird(_ lower: Double, _ upper: Double, _ random: inout SplitMix64) -> Double {
    let third = (upper - lower) / 3
    return lower + third + Double.random(in: 0..<1, using: &random) * third
  }

  /// Whether the next move goes left of the last one.
  static func goesLeft(_ pattern: NestingPattern, move: Int, _ random: inout SplitMix64) -> Bool {
    switch pattern {
    case .left: true
    case .right: false
    case .alternating: move % 2 == 0
    case .random: Bool.random(using: &random)
    }
  }

  /// A scheme that stores one number per record (integers held exactly in
  /// a Double): nested moves between two neighbours until the new key is
  /// not strictly between them.
  static func fixedSizeRow(
    _ scheme: String, start: String, bytes: Int, randomised: Bool, _ c: KeysBenchConfiguration,
    newKey: (Double, Double, inout SplitMix64) -> Double, initial: () -> (Double, Double)
  ) -> KeysBenchRow {
    var outcomes: [NestingPattern: CollisionOutcome] = [:]
    for (p, pattern) in NestingPattern.allCases.enumerated() {
      let trials = randomised || pattern == .random ? c.trials : 1
      var runs: [Int?] = []
      for trial in 0..<trials {
        var random = SplitMix64(seed: c.seed &+ UInt64(p * 1_000_003 + trial))
        var (lower, upper) = initial()
        var survived: Int? = nil
        for move in 0..<c.moves {
          let key = newKey(lower, upper, &random)
          if !(lower < key && key < upper) {
            survived = move
            break
          }
          // The moved record sits at the key; the next goes beside it.
          if goesLeft(pattern, move: move, &random) { upper = key } else { lower = key }
        }
        runs.append(survived)
      }
      outcomes[pattern] = CollisionOutcome(movesBeforeCollision: runs, limit: c.moves)
    }
    return KeysBenchRow(
      scheme: scheme, start: start, outcomes: outcomes, keyLength: "\(bytes) bytes", writesPerMove: "1")
  }

  /// String keys in an ``OrderKeyList``: random records moved, one after
  /// another, next to the record moved before.
  static func stringKeysRow(
    _ generator: OrderKeyGenerator, name: String, _ c: KeysBenchConfiguration
  ) -> (KeysBenchRow, [StringKeysDetail]) {
    var outcomes: [NestingPattern: CollisionOutcome] = [:]
    var details: [StringKeysDetail] = []
    for (p, pattern) in NestingPattern.allCases.enumerated() {
      var random = SplitMix64(seed: c.seed &+ UInt64(p * 1_000_003))
      var list = try! OrderKeyList<Int>([], generator: generator, seed: random.next())
      for id in 0..<c.records { _ = try! list.append(id) }
      var detail = StringKeysDetail(
        scheme: name, pattern: pattern, moves: 0, writes: 0, windows: 0, largestWindow: 0, meanLength: 0, longest: 0)
      var last = list.records[c.records / 2].id
      var collision: Int? = nil
      for move in 0..<c.moves {
        let at = list.index(of: last)!
        var source = Int.random(in: 0..<(list.count - 1), using: &random)
        if source >= at { source += 1 }
        let left = goesLeft(pattern, move: move, &random)
        let destination = (left ? at : at + 1) - (source < at ? 1 : 0)
        let moved = list.records[source].id
        let written: [OrderKeyRecord<Int>]
        do { written = try list.move(from: source, to: destination) } catch {
          collision = move
          break
        }
        detail.moves += 1
        detail.writes += written.count
        if written.count > 1 { detail.windows += 1 }
        detail.largestWindow = max(detail.largestWindow, written.count)
        for write in written {
          detail.longest = max(detail.longest, write.key.count)
          if !ascending(list, around: list.index(of: write.id)!) { collision = collision ?? move }
        }
        if collision != nil { break }
        last = moved
      }
      outcomes[pattern] = CollisionOutcome(movesBeforeCollision: [collision], limit: c.moves)
      detail.meanLength = Double(list.records.reduce(0) { $0 + $1.key.count }) / Double(list.count)
      details.append(detail)
    }
    let moves = details.reduce(0) { $0 + $1.moves }
    let writes = details.reduce(0) { $0 + $1.writes }
    let mean = details.reduce(0) { $0 + $1.meanLength } / Double(details.count)
    let row = KeysBenchRow(
      scheme: name, start: "list of \(c.records)", outcomes: outcomes,
      keyLength: "mean \(CollisionOutcome.decimal(mean)), max \(details.map(\.longest).max()!) chars",
      writesPerMove: CollisionOutcome.decimal(Double(writes) / Double(max(1, moves)), places: 2))
    return (row, details)
  }

  /// Whether the keys at `i - 1`, `i`, `i + 1` strictly ascend in byte order.
  static func ascending(_ list: OrderKeyList<Int>, around i: Int) -> Bool {
    let records = list.records
    for j in [i - 1, i] where j >= 0 && j + 1 < records.count {
      if !records[j].key.utf8.lexicographicallyPrecedes(records[j + 1].key.utf8) { return false }
    }
    return true
  }
}
