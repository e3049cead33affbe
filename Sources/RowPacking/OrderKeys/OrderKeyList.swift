/// An ordered list of records with order keys: insert, move and reorder,
/// each returning exactly the records whose key changed (the writes to
/// persist).
///
/// ```swift
/// var list = try OrderKeyList<Int>([])
/// _ = try list.insert(1, at: 0)            // [1: "a0"]
/// _ = try list.insert(2, at: 1)            // [2: "a1"]
/// let writes = try list.move(from: 1, to: 0)   // [2: "Zz"]: one write
/// ```
///
/// Records load in key order (byte order), ties by id, so legacy data with
/// equal or malformed keys has one order and never traps; such keys are
/// rewritten when an operation needs them as bounds. Every operation keeps
/// new keys within the generator's cap by rewriting a window of neighbours
/// that doubles until its keys fit (see ``OrderKeyGenerator/reorder(_:to:)``).
public struct OrderKeyList<ID: Hashable & Comparable & Sendable>: Sendable {
  /// The records, in list order.
  public private(set) var records: [OrderKeyRecord<ID>]
  /// The key generator: cap and jitter.
  public var generator: OrderKeyGenerator
  /// The source of jitter, when the generator's jitter is on.
  public var random: SplitMix64
  @usableFromInline var ids: Set<ID>

  /// Loads `records` in key order (ties by id).
  ///
  /// - Parameters:
  ///   - records: the records, each an id and its key.
  ///   - generator: the key generator (cap and jitter).
  ///   - seed: seeds the jitter; nil draws a seed from the system.
  /// - Throws: ``OrderKeyError/duplicateRecord(id:)``.
  /// - Complexity: O(*n* log *n*).
  public init(
    _ records: [OrderKeyRecord<ID>], generator: OrderKeyGenerator = OrderKeyGenerator(), seed: UInt64? = nil
  ) throws(OrderKeyError) {
    var ids = Set<ID>(minimumCapacity: records.count)
    for record in records where !ids.insert(record.id).inserted {
      throw .duplicateRecord(id: String(describing: record.id))
    }
    self.ids = ids
    self.records = records.sorted(by: OrderKeyRecord.precedes)
    self.generator = generator
    var system = SystemRandomNumberGenerator()
    self.random = SplitMix64(seed: seed ?? system.next())
  }

  /// The number of records.
  public var count: Int { records.count }

  /// The records' ids in list order.
  public var order: [ID] { records.map(\.id) }

  /// Whether a record with this id is in the list.
  public func contains(_ id: ID) -> Bool { ids.contains(id) }

  /// The position of the record with this id.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func index(of id: ID) -> Int? {
    ids.contains(id) ? records.firstIndex { $0.id == id } : nil
  }

  /// Inserts a new record at `index` (0...count) and returns the writes:
  /// the new record, plus its neighbours when the new key would pass the cap.
  ///
  /// - Complexity: O(*n*) for the array, O(*w* * key length) for a window of *w*.
  public mutating func insert(_ id: ID, at index: Int) throws(OrderKeyError) -> [OrderKeyRecord<ID>] {
    guard (0...records.count).contains(index) else { throw .indexOutOfRange(index: index, count: records.count) }
    guard !ids.contains(id) else { throw .duplicateRecord(id: String(describing: id)) }
    records.insert(OrderKeyRecord(id: id, key: ""), at: index)
    do {
      let writes = try rekey(index, oldKey: nil)
      ids.insert(id)
      return writes
    } catch {
      records.remove(at: index)
      throw error
    }
  }

  /// Appends a new record; usually one write, a key about log62(*n*) long.
  public mutating func append(_ id: ID) throws(OrderKeyError) -> [OrderKeyRecord<ID>] {
    try insert(id, at: records.count)
  }

  /// Moves the record at `source` so that it ends at `destination`
  /// (both 0..<count) and returns the writes: the moved record alone,
  /// unless its key would pass the cap.
  ///
  /// - Complexity: O(*n*) for the array, O(*w* * key length) for a window of *w*.
  public mutating func move(from source: Int, to destination: Int) throws(OrderKeyError) -> [OrderKeyRecord<ID>] {
    guard records.indices.contains(source) else { throw .indexOutOfRange(index: source, count: records.count) }
    guard records.indices.contains(destination) else {
      throw .indexOutOfRange(index: destination, count: records.count)
    }
    if source == destination { return [] }
    let record = records.remove(at: source)
    records.insert(OrderKeyRecord(id: record.id, key: ""), at: destination)
    do {
      return try rekey(destination, oldKey: record.key)
    } catch {
      records.remove(at: destination)
      records.insert(record, at: source)
      throw error
    }
  }

  /// Puts the records in `newOrder` (a permutation of their ids) with the
  /// fewest writes (see ``OrderKeyGenerator/reorder(_:to:)``) and returns them.
  ///
  /// - Complexity: O(*n* log *n*).
  public mutating func reorder(to newOrder: [ID]) throws(OrderKeyError) -> [OrderKeyRecord<ID>] {
    var random = self.random
    let writes = try generator.reorder(records, to: newOrder, using: &random)
    self.random = random
    var keyOf: [ID: String] = [:]
    keyOf.reserveCapacity(records.count)
    for record in records { keyOf[record.id] = record.key }
    for write in writes { keyOf[write.id] = write.key }
    records = newOrder.map { OrderKeyRecord(id: $0, key: keyOf[$0]!) }
    return writes
  }

  /// Gives the record at `index` (key blank) a key between its neighbours,
  /// growing a window if needed, applies the new keys and returns the
  /// records whose key changed.
  private mutating func rekey(_ index: Int, oldKey: String?) throws(OrderKeyError) -> [OrderKeyRecord<ID>] {
    var random = self.random
    let assigned = try generator.fill(
      count: records.count, runs: [index..<(index + 1)], isKept: { $0 != index },
      keyAt: { Array(records[$0].key.utf8) }, using: &random)
    self.random = random
    var writes: [OrderKeyRecord<ID>] = []
    for (position, bytes) in assigned {
      let key = KeyBytes.string(bytes)
      let previous = position == index ? oldKey : records[position].key
      records[position].key = key
      if previous != key { writes.append(records[position]) }
    }
    return writes
  }
}
