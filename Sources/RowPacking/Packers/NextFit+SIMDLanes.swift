/// Next-fit in SIMD lanes: the fast paths of ``NextFit``.
///
/// The items are cut into stretches, one per lane, and all are scanned at
/// once, each as if a row started at its first item, one bit per item
/// where a row starts: sixteen lanes of 16-bit loads where rows are
/// narrower than 2^14 units (a row's load plus one item then fits in 15
/// bits), else eight lanes of 32-bit loads. A lane's bits are kept in words
/// of its own (32 or 16 bits, the stretch's first item at the top bit of
/// its first word), the lanes' words side by side: word `w` of vector lane
/// `l` at byte `(w * lanes + l) * wordBytes`, in the machine's
/// (little-endian) order; which stretch a vector lane scans is the
/// layout's (``SIMDLaneLayout/slot(ofStretch:)``). The join and the writing
/// read the bits a byte at a time, so one version of each serves both
/// layouts.
extension NextFit {
  /// The shortest stretch (items per lane) worth a SIMD scan.
  static let minimumStretch = 64

  /// Rows narrower than this take sixteen 16-bit lanes.
  static let sixteenLaneCapacityLimit = 1 << 14

  /// Next-fit's row starts for `sizes`, then `sizes.count`, from the
  /// sixteen-lane scan.
  ///
  /// - Precondition: `sizes.count >= 16 * minimumStretch`, every size in
  ///   `0...capacity` and `capacity < sixteenLaneCapacityLimit`.
  static func rowStartsInSixteenLanes(sizes: [Int], capacity: Int) -> [Int] {
    precondition(sizes.count / 16 >= minimumStretch && capacity < sixteenLaneCapacityLimit)
    return rowStartsInLanes(sizes: sizes, capacity: capacity, layout: SixteenNarrowLanes.self) { size, q, words in
      // Vector lane 2s holds stretch s, lane 2s + 1 stretch 8 + s.
      let loads = SIMD16<Int>(truncatingIfNeeded: scanSixteenStretches(size, stretch: q, capacity: capacity, into: words))
      return SIMD16<Int>(lowHalf: loads.evenHalf, highHalf: loads.oddHalf)
    }
  }

  /// Next-fit's row starts for `sizes`, then `sizes.count`, from the
  /// eight-lane scan.
  ///
  /// - Precondition: `sizes.count >= 8 * minimumStretch`, every size in
  ///   `0...capacity` and `capacity < 2^30` (a row's load plus one item then
  ///   fits in 32 bits).
  static func rowStartsInEightLanes(sizes: [Int], capacity: Int) -> [Int] {
    precondition(sizes.count / 8 >= minimumStretch && capacity < 1 << 30)
    return rowStartsInLanes(sizes: sizes, capacity: capacity, layout: EightWideLanes.self) { size, q, words in
      let loads = scanEightStretches(size, stretch: q, capacity: capacity, into: words)
      return SIMD16<Int>(lowHalf: SIMD8<Int>(truncatingIfNeeded: loads), highHalf: .zero)
    }
  }

  /// The row starts from a scan of `Layout.lanes` stretches into words of
  /// `Layout.wordBytes` bytes: `scan` fills the bits (32 bytes per word
  /// index, on the stack when small: n / 8 bytes) and returns each
  /// stretch's last load, in the order of the stretches (entries past
  /// `Layout.lanes` unused); the stretches are then joined in order.
  /// Generic over the layout so that each is compiled with its constants
  /// (the bytes of a word written without a loop).
  private static func rowStartsInLanes<Layout: SIMDLaneLayout>(
    sizes: [Int], capacity: Int, layout: Layout.Type,
    scan: (UnsafePointer<Int>, Int, UnsafeMutableRawPointer) -> SIMD16<Int>
  ) -> [Int] {
    let n = sizes.count
    let q = n / Layout.lanes
    let wordsPerLane = (q + Layout.wordBits - 1) / Layout.wordBits
    return sizes.withUnsafeBufferPointer { buffer -> [Int] in
      let size = buffer.baseAddress!
      return withUnsafeTemporaryAllocation(of: SIMD8<UInt32>.self, capacity: wordsPerLane) { words in
        let bits = UnsafeMutableRawPointer(words.baseAddress!)
        let loadsAtEnd = scan(size, q, bits)
        return [Int](unsafeUninitializedCapacity: n + 9) { out, initialized in
          initialized = bitPositions.withUnsafeBufferPointer { positions in
            bitCounts.withUnsafeBufferPointer { counts in
              joinStretches(
                size, count: n, length: q, capacity: capacity,
                bits: BitTables<Layout>(
                  bits: UnsafePointer(bits.assumingMemoryBound(to: UInt8.self)), wordsPerLane: wordsPerLane,
                  positions: positions.baseAddress!, counts: counts.baseAddress!),
                loadsAtEnd: loadsAtEnd, into: out.baseAddress!)
            }
          }
        }
      }
    }
  }

  /// Scans sixteen stretches at once, 16 items per word of bits; returns
  /// the load of each stretch's last row. Vector lane 2s holds stretch s
  /// and lane 2s + 1 stretch 8 + s (``SixteenNarrowLanes/slot(ofStretch:)``):
  /// two stretches' items share a 32-bit slot, the second shifted up, so
  /// that 32-bit lanes become 16-bit ones by a shift and an or, without
  /// the narrowing (two shifts a vector and a pack) that keeping the order
  /// would cost.
  private static func scanSixteenStretches(
    _ size: UnsafePointer<Int>, stretch q: Int, capacity: Int, into words: UnsafeMutableRawPointer
  ) -> SIMD16<Int16> {
    let room = SIMD16<Int16>(repeating: Int16(truncatingIfNeeded: capacity))
    var load = SIMD16<Int16>(repeating: 0)
    // One step, as in the eight lanes (see scanEightStretches).
    @inline(__always) func step(_ item: SIMD16<Int16>, _ word: inout SIMD16<UInt16>) {
      let joined = load &+ item
      let overflow = unsafeBitCast(joined .> room, to: SIMD16<Int16>.self)
      load = joined &- (overflow & load)
      word = (word &<< 1) &- SIMD16<UInt16>(truncatingIfNeeded: overflow)
    }
    var j = 0, w = 0
    while j < q {
      let end = Swift.min(j &+ 16, q)
      let steps = end &- j
      var word = SIMD16<UInt16>(repeating: 0)
      // Two items of each stretch per load, transposed into two steps.
      while j &+ 1 < end {
        @inline(__always) func pair(_ stretch: Int) -> SIMD2<Int> {
          UnsafeRawPointer(size + (j &+ stretch &* q)).loadUnaligned(as: SIMD2<Int>.self)
        }
        let x0 = pair(0), x1 = pair(1), x2 = pair(2), x3 = pair(3)
        let x4 = pair(4), x5 = pair(5), x6 = pair(6), x7 = pair(7)
        let x8 = pair(8), x9 = pair(9), x10 = pair(10), x11 = pair(11)
        let x12 = pair(12), x13 = pair(13), x14 = pair(14), x15 = pair(15)
        // Sizes are below 2^14: each fits in the low half of its slot.
        @inline(__always) func lanes(_ k: Int) -> SIMD16<Int16> {
          let low = SIMD8<UInt32>(truncatingIfNeeded: SIMD8<Int>(x0[k], x1[k], x2[k], x3[k], x4[k], x5[k], x6[k], x7[k]))
          let high = SIMD8<UInt32>(
            truncatingIfNeeded: SIMD8<Int>(x8[k], x9[k], x10[k], x11[k], x12[k], x13[k], x14[k], x15[k]))
          return unsafeBitCast(low | (high &<< 16), to: SIMD16<Int16>.self)
        }
        step(lanes(0), &word)
        step(lanes(1), &word)
        j &+= 2
      }
      if j < end {
        var item = SIMD16<Int16>()
        for slot in 0..<16 {
          item[slot] = Int16(truncatingIfNeeded: size[j &+ (slot / 2 &+ 8 &* (slot % 2)) &* q])
        }
        step(item, &word)
        j &+= 1
      }
      // A short last word: its first step up to bit 15.
      if steps < 16 { word &<<= UInt16(16 &- steps) }
      words.storeBytes(of: word, toByteOffset: w &* 32, as: SIMD16<UInt16>.self)
      w &+= 1
    }
    return load
  }

  /// Scans eight stretches at once, 32 items per word of bits; returns
  /// the load of each stretch's last row.
  private static func scanEightStretches(
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
        @inline(__always) func pair(_ stretch: Int) -> SIMD2<Int> {
          UnsafeRawPointer(size + (j &+ stretch &* q)).loadUnaligned(as: SIMD2<Int>.self)
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
  @inline(__always)
  private static func joinStretches<Layout: SIMDLaneLayout>(
    _ size: UnsafePointer<Int>, count n: Int, length q: Int, capacity: Int, bits tables: BitTables<Layout>,
    loadsAtEnd: SIMD16<Int>, into out: UnsafeMutablePointer<Int>
  ) -> Int {
    var o = out
    o.pointee = 0
    o += 1
    // The first stretch starts a true row: all its row starts are true.
    o = writeRowStarts(stretch: 0, after: 0, length: q, tables, into: o)
    var load = loadsAtEnd[0]
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
    for stretch in 1..<Layout.lanes {
      let start = stretch &* q
      for i in start..<(start &+ q) where place(i) {
        let j = i &- start
        if j == 0 || tables.startsRow(stretch: stretch, item: j) {
          // Met: from here the stretch's own scan is the true one.
          o = writeRowStarts(stretch: stretch, after: j, length: q, tables, into: o)
          load = loadsAtEnd[stretch]
          break
        }
      }
    }
    // The items after the last stretch (fewer than the lanes).
    for i in (Layout.lanes &* q)..<n { _ = place(i) }
    o.pointee = n
    return o - out + 1
  }

  /// Writes the row starts of stretch `s` (of `q` items) after its item `after`,
  /// eight items (a byte of bits) per table lookup: eight positions are
  /// stored and the pointer advances by how many are real (the buffer has
  /// room for the overhang).
  @inline(__always)
  private static func writeRowStarts<Layout: SIMDLaneLayout>(
    stretch s: Int, after: Int, length q: Int, _ tables: BitTables<Layout>, into out: UnsafeMutablePointer<Int>
  ) -> UnsafeMutablePointer<Int> {
    let wordBytes = Layout.wordBytes, wordBits = Layout.wordBits
    let positions = tables.positions, counts = tables.counts
    var o = out
    /// The bytes of word `w` from its top one, those above `firstByte`
    /// left out and that one masked by `firstMask`.
    @inline(__always) func write(word w: Int, firstByte: Int, firstMask: UInt8) {
      let word = tables.bits + (w &* Layout.lanes &+ Layout.slot(ofStretch: s)) &* wordBytes
      let base = s &* q &+ w &* wordBits
      for byte in firstByte..<wordBytes {
        var v = word[wordBytes &- 1 &- byte]
        if byte == firstByte { v &= firstMask }
        let starts = positions[Int(v)] &+ SIMD8<Int>(repeating: base &+ 8 &* byte)
        UnsafeMutableRawPointer(o).storeBytes(of: starts, as: SIMD8<Int>.self)
        o += Int(counts[Int(v)])
      }
    }
    let first = after &+ 1
    var w = first / wordBits
    if w < tables.wordsPerLane {
      write(word: w, firstByte: (first % wordBits) / 8, firstMask: UInt8(0xFF) >> UInt8(first % 8))
      w &+= 1
    }
    while w < tables.wordsPerLane {
      write(word: w, firstByte: 0, firstMask: 0xFF)
      w &+= 1
    }
    return o
  }

  /// The stretches' row-start bits in `Layout`, and the tables that turn a
  /// byte of them into positions.
  private struct BitTables<Layout: SIMDLaneLayout> {
    var bits: UnsafePointer<UInt8>
    var wordsPerLane: Int
    var positions: UnsafePointer<SIMD8<Int>>
    var counts: UnsafePointer<UInt8>

    /// Whether the scan of stretch `s` started a row at its item `j`.
    @inline(__always)
    func startsRow(stretch s: Int, item j: Int) -> Bool {
      let w = j / Layout.wordBits, r = j % Layout.wordBits
      let word = (w &* Layout.lanes &+ Layout.slot(ofStretch: s)) &* Layout.wordBytes
      let byte = bits[word &+ Layout.wordBytes &- 1 &- r / 8]
      return byte & (UInt8(0x80) >> UInt8(r % 8)) != 0
    }
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

/// How a SIMD scan of next-fit lays out its row-start bits: its number of
/// lanes, the bytes of each lane's words, and which vector lane scans
/// which stretch.
protocol SIMDLaneLayout {
  static var lanes: Int { get }
  static var wordBytes: Int { get }
  /// The vector lane (and column of words) that scans stretch `s`.
  static func slot(ofStretch s: Int) -> Int
}

extension SIMDLaneLayout {
  /// Items per word of bits.
  static var wordBits: Int { 8 * wordBytes }
}

/// Sixteen lanes of 16-bit loads (``NextFit/rowStartsInSixteenLanes(sizes:capacity:)``).
enum SixteenNarrowLanes: SIMDLaneLayout {
  static var lanes: Int { 16 }
  static var wordBytes: Int { 2 }
  /// Stretches 0-7 in the even lanes, 8-15 in the odd ones.
  static func slot(ofStretch s: Int) -> Int { s < 8 ? 2 &* s : 2 &* (s &- 8) &+ 1 }
}

/// Eight lanes of 32-bit loads (``NextFit/rowStartsInEightLanes(sizes:capacity:)``).
enum EightWideLanes: SIMDLaneLayout {
  static var lanes: Int { 8 }
  static var wordBytes: Int { 4 }
  static func slot(ofStretch s: Int) -> Int { s }
}
