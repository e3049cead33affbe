import RowPacking

extension RyanFosterBranchAndPrice {
  /// An amount of a tree's effort, the measure of its give-up
  /// (``giveUpWithoutPruningAfter``): time on the clock or counted work.
  enum Effort: Equatable, Sendable {
    /// Time on the clock.
    case time(Duration)
    /// The tree's master solves and pricing counted (``Outcome/work``, in
    /// the units of ``KnapsackPricing/Work``, about a nanosecond each).
    case work(Int)

    /// This amount past a point of the tree (its time and counted work
    /// there), in the same measure.
    ///
    /// - Complexity: O(1).
    func past(time: Duration, work: Int) -> Effort {
      switch self {
      case .time(let amount): .time(time + amount)
      case .work(let amount): .work(work + amount)
      }
    }

    /// Whether a tree whose give-up point (from its start) is this one has
    /// reached it with `work` counted; a give-up point in time is the
    /// deadline of its solves instead.
    ///
    /// - Complexity: O(1).
    func isReached(work: Int) -> Bool {
      guard case .work(let amount) = self else { return false }
      return work >= amount
    }
  }

  /// The shares of the tree whose first reaching ``Outcome/closedTrace``
  /// records: the marks of the tree's progress.
  static let closedMarks: [Double] = [0x1p-20, 0x1p-16, 0x1p-12, 0x1p-10, 0x1p-8, 0x1p-6, 0x1p-4, 0x1p-3, 0x1p-2, 0x1p-1, 1]

  /// Whether a tree that has refuted `closed` of itself (``Outcome/closed``)
  /// goes on past its give-up: some node pruned, and at least `share`.
  static func refutedEnough(closed: Double, share: Double) -> Bool { closed > 0 && closed >= share }

  /// Where (from the tree's start) a tree gives up; nil: never.
  ///
  /// With `after` being ``giveUpWithoutPruningAfter``: the rule of
  /// ``giveUpTime(after:closed:share:lastMark:stallBelow:)`` in the measure
  /// of `after`, the last mark of its progress reached at `lastMark`'s time
  /// or counted work.
  ///
  /// - Complexity: O(1).
  static func giveUpPoint(
    after: Effort, closed: Double, share: Double, lastMark: (time: Duration, work: Int)?, stallBelow: Double?
  ) -> Effort? {
    switch after {
    case .time(let after):
      giveUpTime(after: after, closed: closed, share: share, lastMark: lastMark?.time, stallBelow: stallBelow)
        .map(Effort.time)
    case .work(let after):
      giveUpTime(after: after, closed: closed, share: share, lastMark: lastMark?.work, stallBelow: stallBelow)
        .map(Effort.work)
    }
  }

  /// When (from the tree's start) a tree gives up, in one measure of its effort.
  ///
  /// The measure is a time or counted work (``Effort``): at `after` unless it
  /// has refuted enough (``refutedEnough(closed:share:)``); then, while it
  /// has refuted less than `stallBelow` (``giveUpOnStallBelow``), `after`
  /// past the last mark of its progress (``closedMarks``) reached at
  /// `lastMark`, if that is later; else never (nil).
  static func giveUpTime<Amount: Comparable & AdditiveArithmetic>(
    after: Amount, closed: Double, share: Double, lastMark: Amount?, stallBelow: Double?
  ) -> Amount? {
    guard refutedEnough(closed: closed, share: share) else { return after }
    guard let stallBelow, closed < stallBelow, let lastMark else { return nil }
    return max(after, lastMark + after)
  }
}
