/// The integer form of an ``Instance`` that every packer and solver works on.
///
/// Row packing with spacing `s` is bin packing with item sizes `w + s` and
/// capacity `W + s`. For fractional widths, the sizes are scaled by a fixed
/// `resolution` (units per point, a power of ten) and rounded in the safe
/// direction for each use:
///
/// - ``sizes`` are rounded **up** and ``capacity`` **down**, so that any
///   packing valid for them is valid for the true widths;
/// - ``boundSizes`` are rounded **down** and ``boundCapacity`` **up**, so that
///   a lower bound computed on them is a lower bound for the true widths.
///
/// When every value is a whole number of units (always for integer widths),
/// both pairs are equal and ``isExact`` is true: rows found equal to a bound
/// is then a proof of optimality for the true widths. When not exact, it
/// is still a proof if rows found on ``sizes`` equal a bound computed on
/// ``boundSizes``.
public struct ScaledInstance: Sendable, Hashable {
  /// Item sizes for packing: `ceil((width + spacing) * resolution)`, at most ``capacity``.
  public let sizes: [Int]
  /// Row capacity for packing: `floor((rowWidth + spacing) * resolution)`.
  public let capacity: Int
  /// Item sizes for lower bounds: `floor((width + spacing) * resolution)`.
  public let boundSizes: [Int]
  /// Row capacity for lower bounds: `ceil((rowWidth + spacing) * resolution)`.
  public let boundCapacity: Int
  /// Units per point: 1, 10, 100, ...
  public let resolution: Int

  /// The finest resolution chosen automatically.
  public static let defaultMaximumResolution = 1000
  /// The finest resolution accepted.
  public static let maximumResolution = 1_000_000

  /// Whether the scaling lost nothing: packing and bound sizes agree.
  public var isExact: Bool { sizes == boundSizes && capacity == boundCapacity }

  /// The number of items.
  public var count: Int { sizes.count }

  /// Creates a scaled instance from integer sizes and capacity directly
  /// (exact, resolution 1). Sizes must lie in `0...capacity`.
  public init(sizes: [Int], capacity: Int) {
    precondition(capacity > 0 && sizes.allSatisfy { $0 >= 0 && $0 <= capacity })
    self.sizes = sizes
    self.capacity = capacity
    self.boundSizes = sizes
    self.boundCapacity = capacity
    self.resolution = 1
  }

  init(instance: Instance, resolution: Int) {
    let q = Double(resolution)
    let s = instance.spacing
    let capacityUnits = (instance.rowWidth + s) * q
    let capacity = Int(Self.snap(capacityUnits, rounding: .down))
    self.capacity = capacity
    self.boundCapacity = Int(Self.snap(capacityUnits, rounding: .up))
    // An item as wide as the row may round above the capacity: it then fills
    // a row alone, which is valid for the true widths (w <= W), so clamp it.
    self.sizes = instance.widths.map { min(Int(Self.snap(($0 + s) * q, rounding: .up)), capacity) }
    self.boundSizes = instance.widths.map { Int(Self.snap(($0 + s) * q, rounding: .down)) }
    self.resolution = resolution
  }

  /// Rounds `value` in the given direction, treating values within a relative
  /// 1e-11 of a whole number as that number (decimal inputs such as 12.345
  /// are not exact in binary floating point).
  static func snap(_ value: Double, rounding: FloatingPointRoundingRule) -> Double {
    let nearest = value.rounded()
    if abs(value - nearest) <= 1e-11 * max(1, abs(value)) { return nearest }
    return value.rounded(rounding)
  }
}

extension Instance {
  /// The coarsest power of ten, at most `maximum`, at which every width, the
  /// spacing and the row width are whole numbers; `maximum` when there is none.
  public func automaticResolution(maximum: Int = ScaledInstance.defaultMaximumResolution) -> Int {
    var resolution = 1
    let values = [rowWidth, spacing] + widths
    while resolution < maximum {
      let q = Double(resolution)
      if values.allSatisfy({ ScaledInstance.snap($0 * q, rounding: .up) == ScaledInstance.snap($0 * q, rounding: .down) }) {
        return resolution
      }
      resolution *= 10
    }
    return maximum
  }

  /// The integer form of this instance for the packers and solvers.
  ///
  /// - Parameter resolution: units per point, a power of ten from 1 to
  ///   ``ScaledInstance/maximumResolution``; by default the coarsest one at
  ///   which all values are whole, or 1000 (a thousandth of a point).
  /// - Throws: ``InstanceError/invalidResolution(_:)`` for any other value.
  public func scaled(resolution: Int? = nil) throws(InstanceError) -> ScaledInstance {
    let q = resolution ?? automaticResolution()
    var power = 1
    while power < q { power *= 10 }
    guard q >= 1, q <= ScaledInstance.maximumResolution, power == q else {
      throw .invalidResolution(q)
    }
    return ScaledInstance(instance: self, resolution: q)
  }
}
