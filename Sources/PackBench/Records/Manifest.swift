import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a result file came from: written beside it as `FILE.csv.manifest.json`.
public struct Manifest: Codable, Sendable, Equatable {
  /// What decides the results: two files may be merged only when these agree.
  public struct Configuration: Codable, Sendable, Equatable {
    public var algorithms: [String]
    /// Per algorithm, the parameters that enter its run keys.
    public var parameters: [String: String]
    public var datasets: [String]
    public var seed: UInt64
    public var timeLimitSeconds: Double
    public var memoryLimitBytes: UInt64?
    public var repetitions: Int
    public var minimumSampleMilliseconds: Double
    public var micro: MicroTiming?
    public var isolation: String
    /// The number of runs in the whole plan (all shards).
    public var plannedRuns: Int

    public init(
      algorithms: [String], parameters: [String: String], datasets: [String], seed: UInt64, timeLimitSeconds: Double,
      memoryLimitBytes: UInt64?, repetitions: Int, minimumSampleMilliseconds: Double, micro: MicroTiming?,
      isolation: String, plannedRuns: Int
    ) {
      self.algorithms = algorithms
      self.parameters = parameters
      self.datasets = datasets
      self.seed = seed
      self.timeLimitSeconds = timeLimitSeconds
      self.memoryLimitBytes = memoryLimitBytes
      self.repetitions = repetitions
      self.minimumSampleMilliseconds = minimumSampleMilliseconds
      self.micro = micro
      self.isolation = isolation
      self.plannedRuns = plannedRuns
    }
  }

  public struct Software: Codable, Sendable, Equatable {
    public var packbench: String
    public var commit: String
    public var swift: String
    public var glpk: String
    public init(packbench: String, commit: String, swift: String, glpk: String) {
      self.packbench = packbench
      self.commit = commit
      self.swift = swift
      self.glpk = glpk
    }
  }

  public struct Machine: Codable, Sendable, Equatable {
    public var os: String
    public var cpu: String
    public var cores: Int
    public var memoryBytes: UInt64
    public var hostname: String
    public init(os: String, cpu: String, cores: Int, memoryBytes: UInt64, hostname: String) {
      self.os = os
      self.cpu = cpu
      self.cores = cores
      self.memoryBytes = memoryBytes
      self.hostname = hostname
    }
  }

  public struct InstanceFile: Codable, Sendable, Equatable, Hashable {
    public var dataset: String
    public var instance: String
    public var path: String
    public var checksum: String
    public init(dataset: String, instance: String, path: String, checksum: String) {
      self.dataset = dataset
      self.instance = instance
      self.path = path
      self.checksum = checksum
    }
  }

  public var configuration: Configuration
  /// The share of the plan this file holds: "i/n", or "" for all of it.
  public var shard: String
  /// Parallel jobs (threads of the bench; each solver itself runs on one).
  public var jobs: Int
  public var software: Software
  public var machine: Machine
  public var instances: [InstanceFile]
  public var created: String
  /// The external solvers of the run, with their commands and versions
  /// (absent from files written before they existed).
  public var externals: [ExternalSolverRecord]? = nil

  public init(
    configuration: Configuration, shard: String, jobs: Int, software: Software, machine: Machine,
    instances: [InstanceFile], created: String
  ) {
    self.configuration = configuration
    self.shard = shard
    self.jobs = jobs
    self.software = software
    self.machine = machine
    self.instances = instances
    self.created = created
  }

  /// Where the manifest of a result file is.
  public static func path(for resultFile: String) -> String { resultFile + ".manifest.json" }

  public static func read(_ path: String) throws -> Manifest {
    guard let data = FileManager.default.contents(atPath: path) else { throw ManifestError.missing(path) }
    do { return try JSONDecoder().decode(Manifest.self, from: data) } catch { throw ManifestError.unreadable(path, "\(error)") }
  }

  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Why two manifests cannot be merged, or `nil` when they can: the same
  /// configuration, and the same checksum for every instance both name.
  public func disagreement(with other: Manifest) -> String? {
    if configuration != other.configuration {
      let mine = (try? String(decoding: JSONEncoder().encode(configuration), as: UTF8.self)) ?? ""
      let theirs = (try? String(decoding: JSONEncoder().encode(other.configuration), as: UTF8.self)) ?? ""
      return "the configurations differ:\n  \(mine)\n  \(theirs)"
    }
    var mine: [String: String] = [:]
    for file in instances { mine[file.dataset + "/" + file.instance] = file.checksum }
    for file in other.instances {
      if let checksum = mine[file.dataset + "/" + file.instance], checksum != file.checksum {
        return "\(file.dataset)/\(file.instance) has checksum \(checksum) in one file and \(file.checksum) in the other"
      }
    }
    return nil
  }
}

public enum ManifestError: Error, CustomStringConvertible {
  case missing(String)
  case unreadable(String, String)
  public var description: String {
    switch self {
    case .missing(let path): return "\(path): no manifest (written by 'packbench run' beside each CSV)"
    case .unreadable(let path, let why): return "\(path): cannot read the manifest: \(why)"
    }
  }
}

/// Facts about this build and this machine, for manifests and captions.
public enum Provenance {
  public static let packbenchVersion = "0.1.0"

  /// The compiler's language version, fixed at build time.
  public static var swiftVersion: String {
    #if compiler(>=6.4)
      return ">=6.4"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1)
      return "6.1"
    #elseif compiler(>=6.0)
      return "6.0"
    #else
      return "<6.0"
    #endif
  }

  /// GLPK's version, asked of the linked library itself (`glp_version`,
  /// found with dlsym so that only RowPackingILP imports GLPK's header);
  /// empty when it is not linked.
  public static var glpkVersion: String {
    #if canImport(Glibc)
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "glp_version") else { return "" }
      typealias Version = @convention(c) () -> UnsafePointer<CChar>?
      let function = unsafeBitCast(symbol, to: Version.self)
      return function().map { String(cString: $0) } ?? ""
    #else
      return ""
    #endif
  }

  /// The git commit of the project the executable was built from, when git
  /// and the repository are there ("+changes" when Sources/ has local changes).
  public static func gitCommit(projectRoot: URL?) -> String {
    guard let root = projectRoot else { return "" }
    func git(_ arguments: [String]) -> String? {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "-C", root.path] + arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      do { try process.run() } catch { return nil }
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return nil }
      return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard let commit = git(["rev-parse", "HEAD"]), !commit.isEmpty else { return "" }
    let dirty = (git(["status", "--porcelain", "--", "Sources", "Package.swift"]) ?? "").isEmpty ? "" : "+changes"
    return commit + dirty
  }

  public static var machine: Manifest.Machine {
    let info = ProcessInfo.processInfo
    var cpu = ""
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    {
      cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var os = info.operatingSystemVersionString
    var name = utsname()
    if uname(&name) == 0 {
      let field = { (value: Any) -> String in
        Mirror(reflecting: value).children.compactMap { $0.value as? CChar }.prefix { $0 != 0 }
          .map { String(UnicodeScalar(UInt8(bitPattern: $0))) }.joined()
      }
      os = "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
      if let pretty = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
        let line = pretty.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
      {
        os += ", " + line.dropFirst(12).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      }
    }
    return Manifest.Machine(
      os: os, cpu: cpu, cores: info.activeProcessorCount, memoryBytes: info.physicalMemory, hostname: info.hostName)
  }

  public static func now() -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: Date())
  }
}
