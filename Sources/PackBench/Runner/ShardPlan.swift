import Foundation

/// A bench split into shards, fixed once when the plan is made and checked
/// by every task: `packbench plan --shards n --output plan.json` writes it,
/// `packbench run --plan plan.json --shard i` runs share i, `packbench
/// merge --plan plan.json` says what is missing.
///
/// The shard count lives here, not in each task's command line, so that a
/// task resubmitted alone (a Slurm array of one) or requeued still takes its
/// share of the plan of n, and so that a task whose options make other runs
/// (another dataset, seed or limit) is refused rather than mixed in.
public struct ShardPlan: Codable, Sendable, Equatable {
  /// The file format's version.
  public var format: Int = 1
  /// How many shards: run i of the plan (0-based) belongs to shard i mod n + 1.
  public var shards: Int
  /// What decides the results (as in each shard's manifest).
  public var configuration: Manifest.Configuration
  /// Every run's key, in the plan's order.
  public var runKeys: [String]
  public var created: String

  public init(shards: Int, configuration: Manifest.Configuration, runKeys: [String], created: String) {
    self.shards = shards
    self.configuration = configuration
    self.runKeys = runKeys
    self.created = created
  }

  /// The shard (1...shards) of the run at `position` in the plan.
  public func shard(ofRunAt position: Int) -> Int { position % shards + 1 }

  /// The keys of shard `index` (1...shards), in the plan's order.
  public func keys(ofShard index: Int) -> [String] {
    stride(from: index - 1, to: runKeys.count, by: shards).map { runKeys[$0] }
  }

  /// Why a bench with this configuration and these run keys is not this
  /// plan's, or `nil` when it is.
  public func disagreement(configuration other: Manifest.Configuration, runKeys keys: [String]) -> String? {
    if configuration != other {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      let mine = (try? String(decoding: encoder.encode(configuration), as: UTF8.self)) ?? ""
      let theirs = (try? String(decoding: encoder.encode(other), as: UTF8.self)) ?? ""
      return "the configurations differ:\n  plan:    \(mine)\n  options: \(theirs)"
    }
    if runKeys != keys {
      let missing = Set(runKeys).subtracting(keys).count
      let extra = Set(keys).subtracting(runKeys).count
      return "the runs differ (an instance file changed?): \(missing) of the plan's \(runKeys.count) runs are not made by these options, and \(extra) runs they make are not in the plan"
    }
    return nil
  }

  public static func read(_ path: String) throws -> ShardPlan {
    guard let data = FileManager.default.contents(atPath: path) else { throw ShardPlanError.missing(path) }
    do { return try JSONDecoder().decode(ShardPlan.self, from: data) } catch {
      throw ShardPlanError.unreadable(path, "\(error)")
    }
  }

  /// Writes the plan to `path` unless a plan is there already: the first
  /// of several tasks that race to make it wins (a hard link, which fails
  /// when the name exists), and the others find it made.
  ///
  /// - Returns: `true` when this call wrote it, `false` when a plan with the
  ///   same shards, configuration and runs was already there.
  /// - Throws: ``ShardPlanError/different(_:_:)`` when the plan there differs.
  @discardableResult
  public func create(at path: String) throws -> Bool {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
    do { try encoder.encode(self).write(to: URL(fileURLWithPath: temporary)) } catch {
      throw ShardPlanError.unwritable(path)
    }
    defer { unlink(temporary) }
    if link(temporary, path) == 0 { return true }
    guard errno == EEXIST else { throw ShardPlanError.unwritable(path) }
    let existing = try Self.read(path)
    if existing.shards != shards {
      throw ShardPlanError.different(path, "it has \(existing.shards) shards, not \(shards)")
    }
    if let why = existing.disagreement(configuration: configuration, runKeys: runKeys) {
      throw ShardPlanError.different(path, why)
    }
    return false
  }
}

public enum ShardPlanError: Error, CustomStringConvertible, Equatable {
  case missing(String)
  case unreadable(String, String)
  case unwritable(String)
  case different(String, String)

  public var description: String {
    switch self {
    case .missing(let path): return "\(path): no plan (made by 'packbench plan --shards n --output \(path)')"
    case .unreadable(let path, let why): return "\(path): cannot read the plan: \(why)"
    case .unwritable(let path): return "\(path): cannot write the plan"
    case .different(let path, let why):
      return "\(path) holds another plan: \(why); remove it, or choose another file, to make a new one"
    }
  }
}
