/// Test data that is there but not as expected (a missing set skips
/// instead): thrown, so that XCTest and Swift Testing both report it.
public struct FixtureError: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}
