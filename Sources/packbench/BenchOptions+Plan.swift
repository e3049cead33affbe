import ArgumentParser
import Foundation
import PackBench

extension BenchOptions {
  /// These options as a task of the plan at `path`: the shard's index from
  /// --shard, its count from the plan (never from the task's own count,
  /// which a resubmitted Slurm array of one would get wrong).
  func following(plan path: String) throws -> BenchOptions {
    let plan = try Self.readPlan(path)
    guard let shard else {
      throw ValidationError("--plan needs --shard i, this task's share: 1 to \(plan.shards) (on Slurm, $SLURM_ARRAY_TASK_ID)")
    }
    if let count = shard.count, count != plan.shards {
      printError("error: --shard \(shard), but the plan \(path) has \(plan.shards) shards; give --shard \(shard.index) (the count is the plan's)")
      throw ExitCode(1)
    }
    guard shard.index <= plan.shards else {
      printError("error: --shard \(shard.index), but the plan \(path) has \(plan.shards) shards (1 to \(plan.shards))")
      throw ExitCode(1)
    }
    var options = self
    options.shard = Shard(index: shard.index, count: plan.shards)
    return options
  }

  /// Refuses a bench whose configuration or runs are not the plan's (a task
  /// given other options, or an instance file changed since the plan).
  func check(_ bench: Bench, against path: String) throws {
    let plan = try Self.readPlan(path)
    if let why = plan.disagreement(configuration: configuration(bench), runKeys: bench.runs.map(\.key)) {
      printError("error: these options do not make the plan in \(path): \(why)")
      throw ExitCode(1)
    }
  }

  static func readPlan(_ path: String) throws -> ShardPlan {
    do { return try ShardPlan.read(path) } catch {
      printError("error: \(error)")
      throw ExitCode(1)
    }
  }
}
