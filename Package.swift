// swift-tools-version:6.0
import PackageDescription

// Module graph (one-way):
//
//   packbench (CLI) -> PackBench (harness) -> RowPacking (pure Swift core)
//                                          -> RowPackingILP -> CGLPK (GLPK, GPL-3)
//                                          -> TagLayout     -> CHarfBuzz (HarfBuzz)
//                                                           -> CFontconfig (fallback fonts)
//
// RowPacking has no dependency at all (standard library only): an app can
// depend on the `RowPacking` product without linking GLPK or HarfBuzz.
//
// Licence: the sources are Apache-2.0 (LICENSE). Binaries that link GLPK
// (RowPackingILP, packbench) are GPL-3 as a whole; third-party notices are in
// THIRD-PARTY-NOTICES.md.
let package = Package(
  name: "packbench",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    // Pure Swift, no C dependency, no GPL code: safe to ship in an app.
    .library(name: "RowPacking", targets: ["RowPacking"]),
    // Links GLPK (GPL-3): a product that depends on it is GPL-3 as a whole.
    .library(name: "RowPackingILP", targets: ["RowPackingILP"]),
    // Links HarfBuzz (MIT).
    .library(name: "TagLayout", targets: ["TagLayout"]),
    // The bench: links all of the above, GLPK included (GPL-3).
    .executable(name: "packbench", targets: ["packbench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Documentation only (a command plugin): `swift package generate-documentation`.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "RowPacking",
      // Double.rounded(_:) and friends lower to libm's trunc/rint/round/floor/ceil;
      // on Linux nothing else links libm into a package that uses RowPacking alone.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]),
    .systemLibrary(
      name: "CGLPK",
      providers: [.apt(["libglpk-dev"]), .brew(["glpk"])]),
    .target(name: "RowPackingILP", dependencies: ["RowPacking", "CGLPK"]),
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
    .target(name: "TagLayout", dependencies: ["RowPacking", "CHarfBuzz", "CFontconfig"]),
    .target(name: "PackBench", dependencies: ["RowPacking", "RowPackingILP"]),
    .executableTarget(
      name: "packbench",
      dependencies: [
        "PackBench", "RowPacking", "RowPackingILP", "TagLayout",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .target(name: "TestSupport", dependencies: ["RowPacking"], path: "Tests/TestSupport"),
    .testTarget(name: "RowPackingTests", dependencies: ["RowPacking", "TestSupport"]),
    .testTarget(name: "RowPackingILPTests", dependencies: ["RowPackingILP", "RowPacking", "TestSupport"]),
    .testTarget(name: "TagLayoutTests", dependencies: ["TagLayout", "RowPacking", "TestSupport"]),
    .testTarget(name: "PackBenchTests", dependencies: ["PackBench", "RowPacking", "TestSupport"]),
    .testTarget(name: "PackBenchCLITests", dependencies: ["packbench", "TestSupport"]),
  ]
)
