import RowPacking

extension TagLayoutEngine {
  /// The rows and the content height of the tags for every container
  /// width, from the widest tag to a single row, as a step function, so
  /// that a cell knows its height before layout: the core's
  /// ``RowGeometry/heightsForEveryWidth(sizes:algorithm:)`` with the
  /// options' geometry (the options' width is ignored).
  ///
  /// - Throws: ``LayoutError`` for bad options or tags, or an algorithm the
  ///   step function does not support.
  public func heightForEveryWidth(_ tags: [Tag], algorithm: RowCountAlgorithm) throws(LayoutError) -> (steps: [HeightStep], rows: RowsForEveryWidth) {
    for (i, tag) in tags.enumerated() {
      guard tag.width.isFinite, tag.width >= 0, tag.height.isFinite, tag.height >= 0 else {
        throw .invalidTag(index: i, label: tag.label, reason: "its size \(tag.width) x \(tag.height) is not finite and >= 0")
      }
    }
    do {
      return try options.geometry.heightsForEveryWidth(sizes: tags.map(\.size), algorithm: algorithm)
    } catch {
      throw .invalidOption(error.description)
    }
  }
}
