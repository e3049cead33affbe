@testable import RowPackingILP
import RowPacking
import XCTest

/// Each stage's share of the time left is its weight over its own and its
/// followers' weights, counting only the followers that may still run.
final class BudgetPolicyTests: XCTestCase {
  /// A stage that does nothing, with a weight and a fixed answer to
  /// "may it still run?".
  struct Fixed: ExactStage {
    var stage: SolveStage = .dive
    let weight: Double
    var may = true
    var needsRootLP = true
    func applies(to state: SolveState) -> Bool { may }
    func mayApply(to state: SolveState) -> Bool { may }
    func run(_ state: inout SolveState) throws(GLPKError) {}
  }

  /// The share of the time left that `stage` gets before `followers`, on a
  /// 100-second solve of a small instance.
  func share(_ stage: any ExactStage, inside: [any ExactStage] = [], _ followers: [any ExactStage]) throws -> Double {
    let instance = try Instance(widths: [4, 5, 6], rowWidth: 10)
    let setup = try SolveSetup(instance: instance, timeLimit: .seconds(100))
    let session = GLPKSession(verbose: false)
    defer { session.close() }
    let state = SolveState(setup: setup, options: .init(), session: session, verbose: false)
    let left = setup.timeLeft
    let end = BudgetPolicy().deadline(of: stage, inside: inside, followers: followers, state)
    return (end - setup.clock.now) / left
  }

  func testTheShareIsTheWeightOverItsOwnAndTheFollowersWeights() throws {
    XCTAssertEqual(try share(Fixed(weight: 1), [Fixed(weight: 3)]), 0.25, accuracy: 0.01)
    XCTAssertEqual(try share(Fixed(weight: 2), [Fixed(weight: 3), Fixed(weight: 5)]), 0.2, accuracy: 0.01)
  }

  func testFollowersThatCannotRunLeaveTheirTime() throws {
    XCTAssertEqual(try share(Fixed(weight: 1), [Fixed(weight: 3, may: false)]), 1, accuracy: 0.01)
    XCTAssertEqual(try share(Fixed(weight: 1), [Fixed(weight: 3, may: false), Fixed(weight: 1)]), 0.5, accuracy: 0.01)
    XCTAssertEqual(try share(Fixed(weight: 1), []), 1, accuracy: 0.01)
  }

  /// Without a converged LP the stages that need it cannot run: the root LP
  /// keeps their time, and shares it only with those that do not need it.
  func testTheRootLPSharesOnlyWithStagesThatDoNotNeedIt() throws {
    let lp = Fixed(stage: .rootLP, weight: 4, needsRootLP: false)
    XCTAssertEqual(try share(lp, [Fixed(weight: 100), Fixed(weight: 100)]), 1, accuracy: 0.01)
    XCTAssertEqual(try share(lp, [Fixed(weight: 1, needsRootLP: false), Fixed(weight: 100)]), 0.8, accuracy: 0.01)
  }

  /// A stage that runs others inside it counts those that may run in its own share.
  func testStagesInsideAStageCountInItsShare() throws {
    let inside = [Fixed(weight: 1), Fixed(weight: 5, may: false)]
    XCTAssertEqual(try share(Fixed(weight: 1), inside: inside, [Fixed(weight: 2)]), 0.5, accuracy: 0.01)
  }

  /// The table's weights are positive, so that every stage gets some time.
  func testEveryStageOfTheTableHasAPositiveWeight() {
    for stage in ExactPipeline.stages {
      XCTAssertGreaterThan(stage.weight, 0, stage.stage.rawValue)
      for inner in (stage as? NearFullRowsStage)?.whenModelTooBig ?? [] {
        XCTAssertGreaterThan(inner.weight, 0, inner.stage.rawValue)
      }
    }
  }
}
