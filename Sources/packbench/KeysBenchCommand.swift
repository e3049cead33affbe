import ArgumentParser
import PackBench

struct KeysBenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys-bench",
    abstract: "Compare ways of storing a list's order: nested moves before two records collide, key size, writes per move.",
    discussion: """
      Moves records, one after another, into one spot of a list (just left
      of the record moved before, just right, alternating, or by a coin)
      and counts the moves until a new key is no longer strictly between
      its neighbours. Schemes:
        article: double, random in middle third   a double per record, the new
                                                  key random in the middle third
                                                  of the gap (keys near 1e5)
        article, best case                        the same with keys near 1
        double midpoint                           the gap's midpoint
        int32 midpoint, spacing 1024              integer midpoints
        string keys, cap 32 (and with jitter)     RowPacking's OrderKeyList,
                                                  which never collides

      The output is the same for the same options.

      Example:
        packbench keys-bench --seed 7 --moves 20000 --markdown
      """)

  @Option(help: "The seed of every random choice (SplitMix64).")
  var seed: UInt64 = 1

  @Option(help: "Nested moves per pattern for the string keys, and the most any scheme is run.")
  var moves: Int = 100_000

  @Option(help: "Records in the list the string keys are moved in.")
  var records: Int = 1_000

  @Option(help: "Runs averaged for the randomised cases.")
  var trials: Int = 100

  @Flag(help: "Print the table in Markdown instead of plain text.")
  var markdown = false

  func validate() throws {
    if moves < 1 { throw ValidationError("--moves must be at least 1") }
    if records < 3 { throw ValidationError("--records must be at least 3") }
    if trials < 1 { throw ValidationError("--trials must be at least 1") }
  }

  func run() throws {
    let report = KeysBench.run(KeysBenchConfiguration(seed: seed, moves: moves, records: records, trials: trials))
    print(markdown ? report.markdown : report.text, terminator: "")
  }
}
