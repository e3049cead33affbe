import Foundation
import XCTest

/// The opt-in switch of the slow data-driven tests (every BPPLIB instance,
/// the hard-set samples, the ANI runs): `PACKBENCH_SLOW_TESTS=1`, as
/// swift-nio gates its slow tests. `scripts/slow-tests.sh` runs them.
public enum SlowTests {
  /// The environment variable that turns the slow tests on.
  public static let variable = "PACKBENCH_SLOW_TESTS"

  /// Whether the slow tests run (`PACKBENCH_SLOW_TESTS=1`).
  public static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

  /// Throws an XCTSkip that says why the test is skipped and how to run it,
  /// unless the slow tests are on.
  public static func require(_ what: String) throws {
    guard enabled else {
      throw XCTSkip(
        "\(what) is a slow test (minutes on real data); skipped unless \(variable)=1"
          + " (scripts/slow-tests.sh runs them all)")
    }
  }
}
