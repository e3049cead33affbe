import Foundation
import RowPacking

/// One instance to run: its file, its dataset and the instance itself (or
/// the error that stopped it from being read).
public struct PlannedInstance: Sendable {
  public var dataset: String
  public var file: URL
  public var instance: Result<Instance, InstanceLoadError>
  public var optimum: Int?
}

/// An instance file that could not be read, with the message to report.
public struct InstanceLoadError: Error, Sendable, CustomStringConvertible {
  public var description: String
}

/// Runs algorithms over instances and turns each outcome into a ``RunRecord``.
public struct BenchRunner: Sendable {
  public var settings: RunSettings

  public init(settings: RunSettings) { self.settings = settings }

  /// Reads every file of the datasets (a file that does not parse is kept
  /// with its error, so that the run reports it and goes on).
  public func plan(_ datasets: [Dataset], format: InstanceFileFormat = .auto) -> [PlannedInstance] {
    datasets.flatMap { dataset in
      dataset.files.map { file in
        do {
          let instance = try loadInstance(file, format: format, spacing: settings.spacing)
          return PlannedInstance(
            dataset: dataset.name, file: file, instance: .success(instance),
            optimum: instance.spacing == 0 ? dataset.optima.optimum(for: instance)?.optimum : nil)
        } catch {
          return PlannedInstance(
            dataset: dataset.name, file: file, instance: .failure(InstanceLoadError(description: "\(error)")),
            optimum: nil)
        }
      }
    }
  }

  /// Runs one algorithm on one planned instance.
  ///
  /// Heuristics are timed over ``RunSettings/repetitions`` samples (the
  /// packing alone: not parsing, bounds or verifying); exact solvers run
  /// once. Every packing is verified, and checked against the known optimum:
  /// fewer rows than the optimum, or a lower bound above it, is `wrong`.
  public func run(_ algorithm: BenchAlgorithm, on planned: PlannedInstance) -> RunRecord {
    let name = instanceName(fromPath: planned.file.path)
    let instance: Instance
    switch planned.instance {
    case .failure(let error):
      return RunRecord(
        dataset: planned.dataset, instance: name, itemCount: 0, capacity: 0, spacing: 0,
        algorithm: algorithm.name, rows: nil, lowerBound: 0, boundSource: .none, optimum: nil,
        status: .error(error.description), verified: false, timeMedian: .zero, timeMinimum: .zero,
        timeMaximum: .zero, repetitions: 0)
    case .success(let loaded): instance = loaded
    }
    var result: PackingResult
    var timings = Timings(samples: [], batchSize: 1)
    switch algorithm.implementation {
    case .packer(let packer):
      do {
        let scaled = try instance.scaled(resolution: settings.resolution)
        let bound = scaled.simpleLowerBound
        let (packing, measured) = try measureTimings(
          samples: settings.repetitions, minimumSampleTime: settings.minimumSampleTime
        ) { () throws(PackingError) -> Packing in try packer.pack(scaled) }
        timings = measured
        result = PackingResult(packing: packing, lowerBound: bound, status: .feasible, elapsed: measured.median, stage: "heuristic")
      } catch {
        result = PackingResult(packing: nil, lowerBound: LowerBound(value: 0, source: .none), status: .error("\(error)"))
      }
    case .solver(let solve):
      result = solve(instance, settings)
      timings = Timings(samples: [result.elapsed], batchSize: 1)
    }
    let (status, verified) = Self.check(result, for: instance, optimum: planned.optimum)
    return RunRecord(
      dataset: planned.dataset, instance: name, itemCount: instance.count, capacity: instance.rowWidth,
      spacing: instance.spacing, algorithm: algorithm.name, rows: result.rowCount,
      lowerBound: result.lowerBound.value, boundSource: result.lowerBound.source, optimum: planned.optimum,
      status: status, verified: verified, timeMedian: timings.median, timeMinimum: timings.minimum,
      timeMaximum: timings.maximum, repetitions: timings.samples.count, nodes: result.nodes, stage: result.stage,
      packing: result.packing)
  }

  /// The status a result earns after the independent checks, and whether
  /// its packing verified.
  ///
  /// A solver's own claim is never trusted: the packing is verified, its
  /// rows are set against the bound (optimal only when equal), and both are
  /// set against the known optimum.
  public static func check(_ result: PackingResult, for instance: Instance, optimum: Int?) -> (SolveStatus, Bool) {
    guard let packing = result.packing else { return (result.status, false) }
    let judged = judge(packing, for: instance, bound: result.lowerBound)
    if case .wrong = judged { return (judged, verify(packing, for: instance).isEmpty) }
    if let optimum {
      if packing.rowCount < optimum {
        return (.wrong("\(packing.rowCount) rows is below the known optimum \(optimum)"), true)
      }
      if result.lowerBound.value > optimum {
        return (.wrong("lower bound \(result.lowerBound.value) (\(result.lowerBound.source.rawValue)) is above the known optimum \(optimum)"), true)
      }
    }
    switch result.status {
    case .optimal, .feasible: return (judged, true)
    // A limit reached: keep that status unless the packing is proven optimal anyway.
    default: return (judged == .optimal ? .optimal : result.status, true)
    }
  }
}
