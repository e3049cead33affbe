/// The file formats of BPPLIB (Delorme, Iori and Martello, 2018).
///
/// - `bpp`: line 1 the number of items *n*, line 2 the capacity, then *n*
///   lines of one item weight each.
/// - `csp` (cutting stock): line 1 the number of item types *m*, line 2 the
///   capacity, then *m* lines of `weight demand`; each type becomes `demand` items.
///
/// CRLF line endings, blank lines, surrounding white space and `#` comments
/// are tolerated. Weights may be fractional (`12.5`). A weight here is an
/// item's width and the capacity the row width.
///
/// Two extensions, invisible to other BPP readers because they are comments:
/// a comment line `# spacing: 8` gives the spacing between neighbouring
/// items (BPPLIB has none: 0), and a comment after a width is that item's
/// label (`93 # Germany`), as in the tag-cloud datasets.
public enum InstanceFileFormat: String, CaseIterable, Sendable {
  case bpp
  case csp
  /// `csp` when the first item line holds two numbers, else `bpp`.
  case auto

  /// Parses a file's text into an instance named `name`.
  ///
  /// - Parameters:
  ///   - text: the file's contents.
  ///   - file: the path shown in error messages.
  ///   - name: the instance's name (by default the file name without directory and extension).
  ///   - spacing: the spacing between neighbouring items; when `nil`, the
  ///     file's `# spacing:` line, else 0.
  /// - Throws: ``InstanceFormatError`` naming the file and line for an empty
  ///   file, a missing or non-positive capacity, a non-numeric, negative or
  ///   NaN width, a count that does not match the lines, or an item wider
  ///   than the row.
  public func parse(
    _ text: String, file: String, name: String? = nil, spacing: Double? = nil
  ) throws(InstanceFormatError) -> Instance {
    let numbered = NumberedLines(text)
    let lines = numbered.lines
    func fail(_ line: Int?, _ message: String) -> InstanceFormatError {
      InstanceFormatError(file: file, line: line, message: message)
    }
    var fileSpacing: Double? = nil
    for comment in numbered.commentLines where comment.text.lowercased().hasPrefix("spacing:") {
      let value = comment.text.dropFirst("spacing:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      guard let s = parseNumber(Substring(value)), s >= 0 else {
        throw fail(comment.number, "the spacing '\(value)' is not a number >= 0")
      }
      fileSpacing = s
    }
    let spacing = spacing ?? fileSpacing ?? 0
    guard let first = lines.first else { throw fail(nil, "the file is empty") }
    guard first.fields.count == 1, let declared = Int(first.fields[0]), declared >= 0 else {
      throw fail(first.number, "expected the number of items (a whole number >= 0) on the first line, found '\(first.fields.joined(separator: " "))'")
    }
    guard lines.count >= 2 else { throw fail(first.number, "the capacity (row width) is missing after the item count") }
    let capacityLine = lines[1]
    guard capacityLine.fields.count == 1, let capacity = parseNumber(capacityLine.fields[0]) else {
      throw fail(capacityLine.number, "expected the capacity (row width) as a number, found '\(capacityLine.fields.joined(separator: " "))'")
    }
    guard capacity > 0 else { throw fail(capacityLine.number, "the capacity (row width) is \(formatNumber(capacity)); it must be > 0") }
    guard capacity + spacing <= Instance.maximumRowWidth else {
      throw fail(capacityLine.number, "the capacity \(formatNumber(capacity)) is above the largest supported, \(formatNumber(Instance.maximumRowWidth))")
    }
    let body = lines.dropFirst(2)
    let format = self == .auto ? ((body.first?.fields.count ?? 1) == 2 ? InstanceFileFormat.csp : .bpp) : self
    let fieldsPerLine = format == .csp ? 2 : 1
    var widths: [Double] = []
    var labels: [String] = []
    var lineOfWidth: [Int] = []
    var typeCount = 0
    for line in body {
      if typeCount == declared {
        throw fail(line.number, "more lines than the \(declared) \(format == .csp ? "item types" : "items") declared on line \(first.number)")
      }
      guard line.fields.count == fieldsPerLine else {
        let expected = format == .csp ? "a weight and a demand" : "one item width"
        throw fail(line.number, "expected \(expected), found '\(line.fields.joined(separator: " "))'")
      }
      guard let width = parseNumber(line.fields[0]) else {
        throw fail(line.number, "'\(line.fields[0])' is not a number (widths must be finite numbers >= 0)")
      }
      guard width >= 0 else { throw fail(line.number, "the width \(formatNumber(width)) is negative") }
      guard width <= capacity else {
        throw fail(line.number, "item \(widths.count + 1) (width \(formatNumber(width))) is wider than the row (capacity \(formatNumber(capacity)) on line \(capacityLine.number))")
      }
      var demand = 1
      if format == .csp {
        guard let d = Int(line.fields[1]), d >= 1 else {
          throw fail(line.number, "the demand '\(line.fields[1])' is not a whole number >= 1")
        }
        demand = d
      }
      widths.append(contentsOf: repeatElement(width, count: demand))
      labels.append(contentsOf: repeatElement(line.comment ?? "", count: demand))
      lineOfWidth.append(contentsOf: repeatElement(line.number, count: demand))
      typeCount += 1
    }
    if typeCount < declared {
      throw fail(lines.last!.number, "the file ends after \(typeCount) of the \(declared) \(format == .csp ? "item types" : "items") declared on line \(first.number)")
    }
    do {
      let hasLabels = labels.contains { !$0.isEmpty }
      return try Instance(
        name: name ?? instanceName(fromPath: file), widths: widths, rowWidth: capacity,
        spacing: spacing, labels: hasLabels ? labels : nil)
    } catch {
      // Widths and capacity were checked above; what remains is the spacing.
      if case .invalidWidth(let item, _) = error { throw fail(lineOfWidth[item], error.description) }
      throw fail(nil, error.description)
    }
  }
}

/// The file name without its directory and extension: `a/b/N1C1W1_A.txt` -> `N1C1W1_A`.
public func instanceName(fromPath path: String) -> String {
  let file = path.split(separator: "/").last.map(String.init) ?? path
  if let dot = file.lastIndex(of: "."), dot != file.startIndex { return String(file[..<dot]) }
  return file
}

extension Instance {
  /// The instance in BPP format (n, capacity, one width per line), with
  /// whole numbers written without a decimal point; a nonzero spacing as a
  /// `# spacing:` line and labels as comments after the widths (a `#` or a
  /// line break in a label becomes a space).
  public var bppText: String {
    var text = spacing > 0 ? "# spacing: \(formatNumber(spacing))\n" : ""
    text += "\(count)\n\(formatNumber(rowWidth))\n"
    for (i, width) in widths.enumerated() {
      text += formatNumber(width)
      if let label = labels?[i], !label.isEmpty {
        let clean = String(label.map { $0 == "#" || $0 == "\n" || $0 == "\r" ? " " : $0 })
        text += " # " + clean
      }
      text += "\n"
    }
    return text
  }
}
