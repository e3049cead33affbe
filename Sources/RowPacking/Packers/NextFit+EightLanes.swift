/// Next-fit in eight SIMD lanes: the fast path of ``NextFit``.
extension NextFit {
  /// The shortest stretch (items per lane) worth the eight-lane scan.
  static let minimumStretch = 64

  /// Next-fit's row starts for `sizes`, then `sizes.count`, from the
  /// eight-lane scan (see ``NextFit``).
  ///
  /// - Precondition: `sizes.count >= 8 * minimumStretch`, every size in
  ///   `0...capacity` and `capacity < 2^30` (a row's load plus one item then
  ///   fits in 32 bits).
  static func rowStartsInEightLanes(sizes: [Int], capacity: Int) -> [Int] {
    let n = sizes.count
    let stretch = n / 8
    precondition(stretch >= minimumStretch && capacity < 1 << 30)
    let wordsPerLane = (stretch + 31) / 32
    return sizes.withUnsafeBufferPointer { buffer -> [Int] in
      let size = buffer.baseAddress!
      // Bit 31 - j % 32 of word (j / 32) * 8 + lane: a row starts at item
      // j of the lane's stretch (the stretch scanned as if a row started at
      // its first item). On the stack when small (n / 8 bytes).
      return withUnsafeTemporaryAllocation(of: SIMD8<UInt32>.self, capacity: wordsPerLane) { words in
        let bits = UnsafeMutableRawPointer(words.baseAddress!)
        let loadsAtEnd = scanStretches(size, stretch: stretch, capacity: capacity, into: bits)
        return [Int](unsafeUninitializedCapacity: n + 9) { out, initialized in
          initialized = bitPositions.withUnsafeBufferPointer { positions in
            bitCounts.withUnsafeBufferPointer { counts in
              joinStretches(
                size, count: n, stretch: stretch, capacity: capacity,
                bits: BitTables(bits: UnsafePointer(bits.assumingMemoryBound(to: UInt32.self)),
                  wordsPerLane: wordsPerLane, positions: positions.baseAddress!, counts: counts.baseAddress!),
                loadsAtEnd: loadsAtEnd, into: out.baseAddress!)
            }
          }
        }
      }
    }
  }

  /// Scans the eight stretches at once, 32 items per word of bits; returns
  /// the load of each stretch's last row.
  private static func scanStretches(
    _ size: UnsafePointer<Int>, stretch q: Int, capacity: Int, into words: UnsafeMutableRawPointer
  ) -> SIMD8<Int32> {
    let room = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: capacity))
    var load = SIMD8<Int32>(repeating: 0)
    // One step: the item joins the row, or (where the row would overflow:
    // a mask of ones from one signed comparison) starts the next one, the
    // load going back to the item alone. The step's bit enters each lane's
    // word from the bottom (the word doubled, minus the mask of -1s), so
    // the first item of a word ends at its top bit.
    @inline(__always) func step(_ item: SIMD8<Int32>, _ word: inout SIMD8<UInt32>) {
      let joined = load &+ item
      let overflow = unsafeBitCast(joined .> room, to: SIMD8<Int32>.self)
      load = joined &- (overflow & load)
      word = (word &<< 1) &- SIMD8<UInt32>(truncatingIfNeeded: overflow)
    }
    var j = 0, w = 0
    while j < q {
      let end = Swift.min(j &+ 32, q)
      let steps = end &- j
      var word = SIMD8<UInt32>(repeating: 0)
      // Two items of each stretch per load, transposed into two steps.
      while j &+ 1 < end {
        @inline(__always) func pair(_ lane: Int) -> SIMD2<Int> {
          UnsafeRawPointer(size + (j &+ lane &* q)).loadUnaligned(as: SIMD2<Int>.self)
        }
        let x0 = pair(0), x1 = pair(1), x2 = pair(2), x3 = pair(3)
        let x4 = pair(4), x5 = pair(5), x6 = pair(6), x7 = pair(7)
        let first = SIMD8<Int>(x0[0], x1[0], x2[0], x3[0], x4[0], x5[0], x6[0], x7[0])
        let second = SIMD8<Int>(x0[1], x1[1], x2[1], x3[1], x4[1], x5[1], x6[1], x7[1])
        step(SIMD8<Int32>(truncatingIfNeeded: first), &word)
        step(SIMD8<Int32>(truncatingIfNeeded: second), &word)
        j &+= 2
      }
      if j < end {
        var item = SIMD8<Int32>()
        for lane in 0..<8 { item[lane] = Int32(truncatingIfNeeded: size[j &+ lane &* q]) }
        step(item, &word)
        j &+= 1
      }
      // A short last word: its first step up to bit 31.
      if steps < 32 { word &<<= UInt32(32 &- steps) }
      words.storeBytes(of: word, toByteOffset: w &* 32, as: SIMD8<UInt32>.self)
      w &+= 1
    }
    return load
  }

  /// Writes the true row starts, stretch after stretch, and `count` after
  /// them; returns how many were written.
  private static func joinStretches(
    _ size: UnsafePointer<Int>, count n: Int, stretch q: Int, capacity: Int, bits tables: BitTables,
    loadsAtEnd: SIMD8<Int32>, into out: UnsafeMutablePointer<Int>
  ) -> Int {
    let bits = tables.bits
    var o = out
    o.pointee = 0
    o += 1
    // The first stretch starts a true row: all its row starts are true.
    o = writeRowStarts(lane: 0, after: 0, stretch: q, tables, into: o)
    var load = Int(loadsAtEnd[0])
    /// Item `i` joins the row, or starts the next one (its start written):
    /// whether it started one.
    @inline(__always) func place(_ i: Int) -> Bool {
      let item = size[i]
      if load &+ item <= capacity {
        load &+= item
        return false
      }
      o.pointee = i
      o += 1
      load = item
      return true
    }
    for lane in 1..<8 {
      let start = lane &* q
      for i in start..<(start &+ q) where place(i) {
        let j = i &- start
        if j == 0 || bits[(j / 32) &* 8 &+ lane] & (1 << UInt32(31 &- j % 32)) != 0 {
          // Met: from here the stretch's own scan is the true one.
          o = writeRowStarts(lane: lane, after: j, stretch: q, tables, into: o)
          load = Int(loadsAtEnd[lane])
          break
        }
      }
    }
    // The items after the eighth stretch (fewer than eight).
    for i in (8 &* q)..<n { _ = place(i) }
    o.pointee = n
    return o - out + 1
  }

  /// Writes the row starts of `lane`'s stretch after its item `after`,
  /// eight items (a byte of bits) per table lookup: eight positions are
  /// stored and the pointer advances by how many are real (the buffer has
  /// room for the overhang).
  @inline(__always)
  private static func writeRowStarts(
    lane: Int, after: Int, stretch q: Int, _ tables: BitTables, into out: UnsafeMutablePointer<Int>
  ) -> UnsafeMutablePointer<Int> {
    let bits = tables.bits, wordsPerLane = tables.wordsPerLane
    let positions = tables.positions, counts = tables.counts
    var o = out
    var w = (after &+ 1) / 32
    var base = lane &* q &+ w &* 32
    var word = bits[w &* 8 &+ lane] & (UInt32.max >> UInt32((after &+ 1) % 32))
    while true {
      for byte in 0..<4 {
        let v = Int((word >> UInt32(24 &- 8 &* byte)) & 0xFF)
        let starts = positions[v] &+ SIMD8<Int>(repeating: base &+ 8 &* byte)
        UnsafeMutableRawPointer(o).storeBytes(of: starts, as: SIMD8<Int>.self)
        o += Int(counts[v])
      }
      w &+= 1
      if w >= wordsPerLane { break }
      base &+= 32
      word = bits[w &* 8 &+ lane]
    }
    return o
  }

  /// The stretches' row-start bits and the tables that turn a byte of
  /// them into positions.
  private struct BitTables {
    var bits: UnsafePointer<UInt32>
    var wordsPerLane: Int
    var positions: UnsafePointer<SIMD8<Int>>
    var counts: UnsafePointer<UInt8>
  }

  /// For each byte, the positions of its set bits counted from the top
  /// (bit 7 is position 0), in that order (the rest 0).
  private static let bitPositions: [SIMD8<Int>] = (0..<256).map { byte in
    var positions = SIMD8<Int>(repeating: 0), k = 0
    for position in 0..<8 where byte & (0x80 >> position) != 0 {
      positions[k] = position
      k += 1
    }
    return positions
  }

  /// For each byte, how many bits are set.
  private static let bitCounts: [UInt8] = (0..<256).map { UInt8($0.nonzeroBitCount) }
}
