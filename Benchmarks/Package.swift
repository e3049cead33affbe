// swift-tools-version:6.3
import Foundation
import PackageDescription

// A local package's identity is its folder's name (whatever a clone is called).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

// The benchmarks of packbench, with ordo-one's package-benchmark, in a
// package of their own so that an app depending on RowPacking never fetches
// package-benchmark and `swift test` at the root does not build it.
//
//   swift package --package-path Benchmarks benchmark                      # run them
//   swift package --package-path Benchmarks benchmark thresholds check     # against Benchmarks/Thresholds
let package = Package(
  name: "packbench-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "Packers",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "RowPacking", package: rootIdentity),
        .product(name: "RowPackingILP", package: rootIdentity),
      ],
      path: "Benchmarks/Packers",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // A tag view's layout pass through RowLayout: RowPacking alone.
    .executableTarget(
      name: "TagView",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "RowPacking", package: rootIdentity),
      ],
      path: "Benchmarks/TagView",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
  ]
)
