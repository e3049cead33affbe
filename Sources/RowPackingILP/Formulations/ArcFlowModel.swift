import RowPacking

/// The arc-flow model of bin packing (J. M. Valerio de Carvalho, "Exact
/// solution of bin-packing problems using column generation and
/// branch-and-bound", Annals of Operations Research 86:629-659, 1999).
///
/// Nodes are the loads `0...C` reachable by the items; an arc `(u, u + w_t)`
/// stands for an item of type t in a row at offset u, and a loss arc
/// `(u, C)` for the unused rest of a row. Along a path, item types come in
/// non-increasing size, each at most its demand times, so that equivalent
/// paths are not repeated (Valerio de Carvalho's reduction). A row is a
/// path from 0 to C, and a packing a flow:
///
///     minimise z = flow out of 0
///     s.t.  flow conservation at every node except 0 and C,
///           sum(flow on the arcs of type t) >= d_t   for every type t,
///           flow integer >= 0.
///
/// Its LP relaxation equals the Gilmore–Gomory bound. The integer flow is
/// decomposed back into rows (paths) and the packing verified by the caller.
///
/// - Complexity: the graph has at most *C* + 1 nodes and, per type t,
///   at most one arc per node: O(*C* x types) arcs, built in
///   O(nodes x sum(d_t)) time.
struct ArcFlowGraph {
  let types: ItemTypes
  /// Arcs as (tail load, head load, type), type -1 for a loss arc.
  private(set) var arcs: [(tail: Int, head: Int, type: Int)] = []
  /// The reachable loads other than 0 and C, each a conservation row.
  private(set) var innerNodes: [Int] = []
  private var arcIndex: [Int: Int] = [:]

  /// Builds the graph; nil when it would have more than `arcLimit` arcs.
  init?(types: ItemTypes, arcLimit: Int) {
    self.types = types
    let capacity = types.capacity
    var reached = [Bool](repeating: false, count: capacity + 1)
    var nodes = [0]
    reached[0] = true
    var stamp = [Int](repeating: -1, count: capacity + 1)
    for t in 0..<types.count {
      let w = types.sizes[t]
      let snapshot = nodes
      for u in snapshot {
        var v = u
        var k = 0
        while k < types.demands[t] && v + w <= capacity {
          if stamp[v] != t {
            stamp[v] = t
            arcs.append((v, v + w, t))
            if arcs.count > arcLimit { return nil }
            if !reached[v + w] {
              reached[v + w] = true
              nodes.append(v + w)
            }
          }
          v += w
          k += 1
        }
      }
    }
    for u in nodes where u != capacity && u != 0 {
      arcs.append((u, capacity, -1))
    }
    if arcs.count > arcLimit { return nil }
    innerNodes = nodes.filter { $0 != 0 && $0 != capacity }.sorted()
    for (k, a) in arcs.enumerated() { arcIndex[key(a.tail, a.type)] = k }
  }

  private func key(_ tail: Int, _ type: Int) -> Int { tail * (types.count + 1) + type + 1 }

  /// The integer programme: demand rows first (one per type), then one
  /// conservation row per inner node; one integer column per arc.
  func model() -> LinearModel {
    var rowOfNode: [Int: Int] = [:]
    for (i, u) in innerNodes.enumerated() { rowOfNode[u] = types.count + i }
    var rows = types.demands.map { LinearModel.Bounds.atLeast(Double($0)) }
    rows.append(contentsOf: repeatElement(.fixed(0), count: innerNodes.count))
    let columns = arcs.map { a -> LinearModel.Column in
      var entries: [(row: Int, value: Double)] = []
      if a.type >= 0 { entries.append((a.type, 1)) }
      if let r = rowOfNode[a.tail] { entries.append((r, -1)) }
      if let r = rowOfNode[a.head] { entries.append((r, 1)) }
      return LinearModel.Column(
        objective: a.tail == 0 ? 1 : 0,
        bounds: a.type >= 0 ? .between(0, Double(types.demands[a.type])) : .atLeast(0),
        isInteger: true, entries: entries)
    }
    return LinearModel(rows: rows, columns: columns)
  }

  /// The flow of a packing given as row patterns (each sorted by type,
  /// i.e. by decreasing size): one path per row, a loss arc at its end.
  func flow(of patterns: [Pattern]) -> [Double]? {
    var flow = [Double](repeating: 0, count: arcs.count)
    for p in patterns {
      var u = 0
      for t in p {
        guard let k = arcIndex[key(u, t)] else { return nil }
        flow[k] += 1
        u += types.sizes[t]
      }
      if u != types.capacity && u != 0 {
        guard let k = arcIndex[key(u, -1)] else { return nil }
        flow[k] += 1
      }
    }
    return flow
  }

  /// Decomposes an integer flow into paths from 0 to C, each a row pattern.
  func patterns(fromFlow values: [Double]) -> [Pattern] {
    var left = values.map { Int(($0 + 0.5).rounded(.down)) }
    var outgoing: [Int: [Int]] = [:]
    for (k, a) in arcs.enumerated() where left[k] > 0 { outgoing[a.tail, default: []].append(k) }
    var result: [Pattern] = []
    while true {
      var u = 0
      var pattern: Pattern = []
      var moved = false
      while u != types.capacity {
        guard let k = outgoing[u]?.first(where: { left[$0] > 0 }) else { break }
        left[k] -= 1
        moved = true
        if arcs[k].type >= 0 { pattern.append(arcs[k].type) }
        u = arcs[k].head
      }
      if !moved { break }
      if !pattern.isEmpty { result.append(pattern.sorted()) }
    }
    return result
  }
}

/// The largest arc-flow graph `ilp-arcflow` builds.
let arcFlowArcLimit = 2_000_000

/// `ilp-arcflow`: the arc-flow model by GLPK alone (LP relaxation, then
/// branch and bound, no incumbent given) within the time limit. When GLPK
/// finds no integer solution in time, the best packer's packing is returned
/// (stage heuristic).
func solveArcFlowModel(_ setup: SolveSetup, verbose: Bool) -> PackingResult {
  let best = setup.bestHeuristic
  let bound = setup.simpleBound
  if best.rowCount <= bound.value { return setup.result(packing: best, bound: bound, stage: .heuristic) }
  let types = ItemTypes(sizes: setup.scaled.sizes, capacity: setup.scaled.capacity)
  guard let graph = ArcFlowGraph(types: types, arcLimit: arcFlowArcLimit) else {
    return PackingResult(
      packing: best, lowerBound: bound, status: .memoryLimit, elapsed: setup.elapsed, stage: .heuristic)
  }
  return solveFormulation(graph.model(), setup: setup, best: best, bound: bound, verbose: verbose, mipStage: .arcFlowMIP) {
    types.packing(patterns: graph.patterns(fromFlow: $0))
  }
}
