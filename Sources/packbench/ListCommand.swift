import ArgumentParser
import Foundation
import RowPacking

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the algorithms, one line each, and the datasets found.")

  func run() throws {
    print("Algorithms:")
    for algorithm in PackingAlgorithm.allCases {
      print("  \(algorithm.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(algorithm.summary)")
    }
  }
}
