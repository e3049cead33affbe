import RowPacking
import XCTest

final class FormatTests: XCTestCase {
  func parse(_ text: String, format: InstanceFileFormat = .auto) throws -> Instance {
    try format.parse(text, file: "in.txt")
  }

  func assertError(_ text: String, line: Int?, contains fragment: String, file: StaticString = #filePath, lineNumber: UInt = #line) {
    XCTAssertThrowsError(try parse(text), file: file, line: lineNumber) { error in
      guard let error = error as? InstanceFormatError else { return XCTFail("\(error)", file: file, line: lineNumber) }
      XCTAssertEqual(error.file, "in.txt", file: file, line: lineNumber)
      XCTAssertEqual(error.line, line, "\(error)", file: file, line: lineNumber)
      XCTAssertTrue(error.message.contains(fragment), "\(error)", file: file, line: lineNumber)
      XCTAssertTrue("\(error)".hasPrefix(line.map { "in.txt:\($0): " } ?? "in.txt: "), file: file, line: lineNumber)
    }
  }

  func testBPPWithCRLFAndBlankLines() throws {
    let instance = try parse("3\r\n100\r\n\r\n50\r\n 30 \r\n20\r\n\r\n")
    XCTAssertEqual(instance.widths, [50, 30, 20])
    XCTAssertEqual(instance.rowWidth, 100)
    XCTAssertEqual(instance.name, "in")
    XCTAssertEqual(instance.spacing, 0)
  }

  func testCSPExpandsDemands() throws {
    let instance = try parse("2\n10\n6 2\n3 1\n")
    XCTAssertEqual(instance.widths, [6, 6, 3])
    XCTAssertEqual(try parse("2\n10\n6 2\n3 1\n", format: .csp).widths, [6, 6, 3])
  }

  func testFractionalWidths() throws {
    XCTAssertEqual(try parse("2\n358\n96.5\n120.25\n").widths, [96.5, 120.25])
  }

  func testSpacingLineAndLabels() throws {
    let text = "# a tag cloud\n# spacing: 8\n2\n358\n93 # Germany\n57.5 # Peru\n"
    let instance = try parse(text)
    XCTAssertEqual(instance.spacing, 8)
    XCTAssertEqual(instance.labels, ["Germany", "Peru"])
    XCTAssertEqual(try parse(instance.bppText), instance.renamed("in"))
    XCTAssertEqual(try InstanceFileFormat.bpp.parse(text, file: "in.txt", spacing: 2).spacing, 2)
  }

  func testBadInputNamesFileAndLine() {
    assertError("", line: nil, contains: "empty")
    assertError("\n\n  \n", line: nil, contains: "empty")
    assertError("3\n", line: 1, contains: "capacity")
    assertError("x\n10\n", line: 1, contains: "number of items")
    assertError("2\n0\n1\n1\n", line: 2, contains: "must be > 0")
    assertError("2\n-5\n1\n1\n", line: 2, contains: "must be > 0")
    assertError("2\nten\n1\n1\n", line: 2, contains: "capacity")
    assertError("3\n10\n1\n2\n", line: 4, contains: "ends after 2 of the 3")
    assertError("1\n10\n1\n2\n", line: 4, contains: "more lines than the 1")
    assertError("2\n10\n1\nabc\n", line: 4, contains: "'abc' is not a number")
    assertError("2\n10\nnan\n1\n", line: 3, contains: "not a number")
    assertError("2\n10\ninf\n1\n", line: 3, contains: "not a number")
    assertError("2\n10\n-1\n1\n", line: 3, contains: "negative")
    assertError("2\n10\n4\n11\n", line: 4, contains: "item 2 (width 11) is wider than the row (capacity 10 on line 2)")
    assertError("2\n10\n4 5 6\n1\n", line: 3, contains: "expected")
    assertError("2\n10\n4 1\n3 0\n", line: 4, contains: "demand")
    assertError("# spacing: -3\n1\n10\n4\n", line: 1, contains: "spacing")
  }

  func testOptimaTable() throws {
    let text = "set\tinstance\tn\tcapacity\toptimum\r\nA\tx\t3\t100\t2\r\n\r\nA\ty\t4\t100\t3\r\n"
    let table = try OptimaTable(parsing: text, file: "optima.tsv")
    XCTAssertEqual(table.entries.count, 2)
    let x = try Instance(name: "x", widths: [60, 50, 10], rowWidth: 100)
    XCTAssertEqual(table.optimum(for: x)?.optimum, 2)
    // Same name, other data: not matched.
    XCTAssertNil(table.optimum(for: try Instance(name: "x", widths: [60, 50], rowWidth: 100)))
    XCTAssertEqual(try OptimaTable(parsing: table.tsvText, file: "t").entries, table.entries)
  }

  func testOptimaTableErrorsNameTheLine() {
    XCTAssertThrowsError(try OptimaTable(parsing: "set\tinstance\tn\n", file: "o.tsv")) {
      XCTAssertEqual(($0 as? InstanceFormatError)?.line, 1)
    }
    XCTAssertThrowsError(try OptimaTable(parsing: "set\tinstance\tn\tcapacity\toptimum\nA\tx\t3\t100\tmany\n", file: "o.tsv")) {
      XCTAssertEqual(($0 as? InstanceFormatError)?.line, 2)
    }
    XCTAssertThrowsError(try OptimaTable(parsing: "set\tinstance\tn\tcapacity\toptimum\nA\tx\t3\n", file: "o.tsv")) {
      XCTAssertEqual(($0 as? InstanceFormatError)?.line, 2)
    }
  }
}

extension Instance {
  func renamed(_ name: String) -> Instance {
    var copy = self
    copy.name = name
    return copy
  }
}

final class GeneratorTests: XCTestCase {
  func testTheSameSeedGivesTheSameInstance() {
    for kind in InstanceGenerator.allCases {
      var a = SplitMix64(seed: 7), b = SplitMix64(seed: 7)
      XCTAssertEqual(kind.generate(name: "x", size: 30, using: &a).instance, kind.generate(name: "x", size: 30, using: &b).instance)
    }
  }

  func testOptimaByConstructionEqualTheContinuousBound() throws {
    for seed in UInt64(1)...200 {
      for kind in [InstanceGenerator.triplets, .perfect] {
        var rng = SplitMix64(seed: seed)
        let g = kind.generate(name: "x", size: 1 + Int(seed % 40), using: &rng)
        let s = try g.instance.scaled()
        XCTAssertEqual(s.sizes.reduce(0, +), (g.optimum ?? -1) * s.capacity, "\(kind) seed \(seed)")
        XCTAssertEqual(s.continuousBound, g.optimum)
      }
    }
    var rng = SplitMix64(seed: 1)
    let t = InstanceGenerator.triplets.generate(name: "t", size: 60, using: &rng)
    XCTAssertEqual(t.instance.count, 60)
    XCTAssertTrue(t.instance.widths.allSatisfy { $0 >= 250 && $0 < 500 })
  }

  func testSplitMix64KnownSequence() {
    // The reference values of SplitMix64 seeded with 0 (Steele, Lea, Flood 2014; as in Vigna's C code).
    var rng = SplitMix64(seed: 0)
    XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
  }
}
