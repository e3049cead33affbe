/// Deadlines for tests.
public enum TestDeadline {
  /// An hour from now: for calls whose answer must not depend on the clock
  /// (a test that reaches it has hung).
  public static var far: ContinuousClock.Instant { ContinuousClock().now + .seconds(3600) }
}
