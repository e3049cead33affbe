/// Why items could not be laid out.
public enum RowLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A bad geometry, container width, item size or rows.
  case geometry(RowGeometryError)
  /// Widths the core cannot scale (see ``InstanceError``).
  case instance(InstanceError)
  /// A row limit that cannot be asked for (no rows, a chip wider than the row).
  case rowLimit(RowLimitError)
  /// An option that does not apply to the objective (the strict fit test
  /// of a packer asked of an exact objective).
  case unsupported(String)
  /// The rows for every width could not be computed.
  case rowsForEveryWidth(StepFunctionError)
  /// The packer or objective failed, or its packing did not verify (a bug, never silent).
  case packer(String)

  public var description: String {
    switch self {
    case .geometry(let error): return error.description
    case .instance(let error): return error.description
    case .rowLimit(let error): return error.description
    case .unsupported(let message): return message
    case .rowsForEveryWidth(let error): return error.description
    case .packer(let message): return message
    }
  }
}
