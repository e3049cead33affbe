import Foundation
import RowPacking

/// A named group of instance files, with the known optima that go with them.
public struct Dataset: Sendable {
  /// The name shown in reports: the directory that holds the files (for
  /// example `Scholl_1`, `triplets`).
  public var name: String
  /// The instance files, sorted by path.
  public var files: [URL]
  /// Known optima, matched to instances by name (empty when none).
  public var optima: OptimaTable
  /// The optima file read, if any.
  public var optimaFile: URL?
}

/// Finds datasets from what a user names on the command line.
public struct DatasetLocator: Sendable {
  /// The environment variable that overrides where BPPLIB is.
  public static let bpplibVariable = "PACKBENCH_BPPLIB"
  /// The environment variable that overrides where the hard BPPLIB sets
  /// (AI, ANI, GI, Random) are.
  public static let bpplibHardVariable = "PACKBENCH_BPPLIB_HARD"
  /// The environment variable that overrides where the bundled datasets are.
  public static let datasetsVariable = "PACKBENCH_DATASETS"
  /// File extensions read as instances.
  public static let instanceExtensions: Set<String> = ["txt", "bpp", "csp"]

  public var environment: [String: String]
  public var currentDirectory: URL
  /// The running executable, to find the bundled datasets from a build directory.
  public var executable: URL?
  /// An optima file that every dataset uses instead of the nearest
  /// `optima.tsv` (`--optima FILE`).
  public var optimaFile: URL?

  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    executable: URL? = Bundle.main.executableURL
  ) {
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.executable = executable
  }

  /// Where BPPLIB is: `$PACKBENCH_BPPLIB`, else `../shared/bpplib` from the
  /// project root (or the current directory).
  public var bpplibDirectory: URL {
    if let path = environment[Self.bpplibVariable], !path.isEmpty {
      return URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
    }
    let root = projectRoot ?? currentDirectory
    return root.appendingPathComponent("../shared/bpplib").standardizedFileURL
  }

  /// Where the hard BPPLIB sets are: `$PACKBENCH_BPPLIB_HARD`, else
  /// `../shared/bpplib-hard` from the project root (or the current directory).
  public var bpplibHardDirectory: URL {
    if let path = environment[Self.bpplibHardVariable], !path.isEmpty {
      return URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
    }
    let root = projectRoot ?? currentDirectory
    return root.appendingPathComponent("../shared/bpplib-hard").standardizedFileURL
  }

  /// The directory of bundled datasets: `$PACKBENCH_DATASETS`, else the
  /// `datasets` folder of the project the current directory or the
  /// executable is in.
  public var datasetsDirectory: URL? {
    if let path = environment[Self.datasetsVariable], !path.isEmpty {
      return URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
    }
    return projectRoot.map { $0.appendingPathComponent("datasets") }
  }

  /// The nearest ancestor of the current directory or of the executable
  /// that holds both `Package.swift` and `datasets/`.
  public var projectRoot: URL? {
    var candidates = [currentDirectory]
    if let executable { candidates.append(executable.deletingLastPathComponent()) }
    for start in candidates {
      var dir = start.standardizedFileURL
      for _ in 0..<8 {
        let fm = FileManager.default
        if fm.fileExists(atPath: dir.appendingPathComponent("Package.swift").path),
          fm.fileExists(atPath: dir.appendingPathComponent("datasets").path)
        {
          return dir
        }
        let parent = dir.deletingLastPathComponent()
        if parent.path == dir.path { break }
        dir = parent
      }
    }
    return nil
  }

  /// The named datasets: `default` (the bundled default), `bpplib`,
  /// `bpplib-hard` (AI, ANI, GI and Random, ``bpplibHardDirectory``), or any
  /// path to a directory or a single instance file.
  ///
  /// A directory yields one dataset per folder that directly holds instance
  /// files (`.txt`, `.bpp`, `.csp`), found recursively. Each dataset's
  /// optima come from ``optimaFile`` when set, else from the nearest
  /// `optima.tsv` in its folder or any folder above it (so a set inside a
  /// collection, as `bpplib/instances/Scholl_3`, finds the collection's).
  ///
  /// - Throws: ``DatasetError`` when a path does not exist, holds no
  ///   instance file, or an optima file is malformed.
  public func datasets(named spec: String) throws -> [Dataset] {
    let root: URL
    switch spec {
    case "default":
      guard let dir = datasetsDirectory?.appendingPathComponent("default") else {
        throw DatasetError.bundledDatasetNotFound
      }
      root = dir
    case "bpplib":
      root = bpplibDirectory
      guard FileManager.default.fileExists(atPath: root.path) else {
        throw DatasetError.bpplibNotFound(root.path)
      }
    case "bpplib-hard":
      root = bpplibHardDirectory
      guard FileManager.default.fileExists(atPath: root.path) else {
        throw DatasetError.bpplibHardNotFound(root.path)
      }
    default:
      root = URL(fileURLWithPath: spec, relativeTo: currentDirectory).standardizedFileURL
    }
    return try datasets(at: root)
  }

  func datasets(at root: URL) throws -> [Dataset] {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
      throw DatasetError.notFound(root.path)
    }
    if !isDirectory.boolValue {
      let folder = root.deletingLastPathComponent()
      let (table, file) = try optima(near: folder)
      return [Dataset(name: folder.lastPathComponent, files: [root], optima: table, optimaFile: file)]
    }
    var groups: [String: [URL]] = [:]
    let enumerator = fm.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      guard Self.instanceExtensions.contains(url.pathExtension.lowercased()) else { continue }
      let folder = url.deletingLastPathComponent().standardizedFileURL.path
      groups[folder, default: []].append(url.standardizedFileURL)
    }
    guard !groups.isEmpty else { throw DatasetError.noInstances(root.path) }
    return try groups.keys.sorted().map { folder in
      let folderURL = URL(fileURLWithPath: folder)
      let (table, file) = try optima(near: folderURL)
      return Dataset(
        name: folderURL.lastPathComponent,
        files: groups[folder]!.sorted { $0.path < $1.path }, optima: table, optimaFile: file)
    }
  }

  /// ``optimaFile`` when set, else the nearest `optima.tsv` from `folder`
  /// up to the file system's root, and the table in it. Entries match
  /// instances by name, item count and capacity, so a table far above
  /// cannot give a wrong optimum to an instance it does not list.
  func optima(near folder: URL) throws -> (table: OptimaTable, file: URL?) {
    if let optimaFile {
      guard FileManager.default.fileExists(atPath: optimaFile.path) else {
        throw DatasetError.notFound(optimaFile.path)
      }
      return (try OptimaTable(parsing: try readText(optimaFile), file: optimaFile.relativePath), optimaFile)
    }
    var dir = folder.standardizedFileURL
    while true {
      let candidate = dir.appendingPathComponent("optima.tsv")
      if FileManager.default.fileExists(atPath: candidate.path) {
        let text = try readText(candidate)
        return (try OptimaTable(parsing: text, file: candidate.relativePath), candidate)
      }
      let parent = dir.deletingLastPathComponent().standardizedFileURL
      if parent.path == dir.path || dir.path == "/" { return (OptimaTable(), nil) }
      dir = parent
    }
  }
}

/// Why a dataset could not be found.
public enum DatasetError: Error, CustomStringConvertible, Equatable {
  case notFound(String)
  case noInstances(String)
  case bpplibNotFound(String)
  case bpplibHardNotFound(String)
  case bundledDatasetNotFound
  case unreadable(String, String)

  public var description: String {
    switch self {
    case .notFound(let path): return "\(path): no such file or directory"
    case .noInstances(let path): return "\(path): no instance files (.txt, .bpp, .csp) found"
    case .bpplibNotFound(let path):
      return "BPPLIB not found at \(path); set \(DatasetLocator.bpplibVariable) or pass its directory with --dataset"
    case .bpplibHardNotFound(let path):
      return "the hard BPPLIB sets not found at \(path); set \(DatasetLocator.bpplibHardVariable) or pass the directory with --dataset"
    case .bundledDatasetNotFound:
      return "the bundled datasets/ folder was not found; run from the project directory or set \(DatasetLocator.datasetsVariable)"
    case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
    }
  }
}

/// Reads a file as UTF-8 text, with a readable error.
public func readText(_ url: URL) throws -> String {
  do {
    let data = try Data(contentsOf: url)
    guard let text = String(data: data, encoding: .utf8) else {
      throw DatasetError.unreadable(url.relativePath, "not UTF-8 text")
    }
    return text
  } catch let error as DatasetError {
    throw error
  } catch {
    let fm = FileManager.default
    let reason = fm.fileExists(atPath: url.path) ? "permission denied or not a regular file" : "no such file"
    throw DatasetError.unreadable(url.relativePath, reason)
  }
}

/// Reads and parses one instance file.
///
/// - Parameters:
///   - format: the file format (`auto` tells BPP from CSP by the third line).
///   - spacing: overrides the file's `# spacing:` line when given.
public func loadInstance(
  _ url: URL, format: InstanceFileFormat = .auto, spacing: Double? = nil
) throws -> Instance {
  let text = try readText(url)
  return try format.parse(text, file: url.relativePath, spacing: spacing)
}
