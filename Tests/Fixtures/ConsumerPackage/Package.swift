// swift-tools-version:6.0
import PackageDescription

// A package as an app's would be: it depends on the `RowPacking` product
// alone, by path, so that CI links the core the way a user's package does
// (no Foundation, no GLPK, no HarfBuzz in the graph).
//
//   scripts/consumer-check.sh     # builds it and compares its frames with packbench's
let package = Package(
  name: "ConsumerPackage",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "packbench", path: "../../..")],
  targets: [
    .executableTarget(
      name: "ConsumerCheck",
      dependencies: [.product(name: "RowPacking", package: "packbench")])
  ]
)
