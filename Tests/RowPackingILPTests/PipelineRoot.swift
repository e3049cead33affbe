@testable import RowPackingILP
import RowPacking
import TestSupport
import XCTest

/// The exact pipeline on an instance and its root LP solved to
/// convergence, for the tests of the stages that start from it
/// (branch-and-price, subset-row cuts). The caller closes ``session``.
struct PipelineRoot {
  let pipeline: ExactPipeline
  let types: ItemTypes
  let session: GLPKSession
  let master: GilmoreGomoryColumnGeneration
  let root: GilmoreGomoryColumnGeneration.Solution

  init(_ instance: Instance) throws {
    pipeline = ExactPipeline(setup: try SolveSetup(instance: instance, timeLimit: .seconds(60)), verbose: false)
    types = ItemTypes(sizes: pipeline.setup.scaled.sizes, capacity: pipeline.setup.scaled.capacity)
    let session = GLPKSession(verbose: false)
    do {
      master = try GilmoreGomoryColumnGeneration(session: session, types: types, initialPatterns: [])
      root = try XCTUnwrap(try master.solve(until: TestDeadline.far, toConvergence: true))
    } catch {
      session.close()
      throw error
    }
    self.session = session
  }

  /// The solve's state as the stages after the root LP see it: the best
  /// packing of the packers, this root LP, `options`.
  func state(options: ExactPipeline.Options = .init()) -> SolveState {
    var state = SolveState(setup: pipeline.setup, options: options, session: session, verbose: false)
    state.rootLPRan = true
    state.master = master
    state.root = root
    return state
  }
}
