#!/usr/bin/env python3
"""Another bin-packing solver as a packbench external solver (docs/external-solvers.md).

    run_peer.py --solver packingsolver|cp-sat|highs-arcflow FILE.txt
    run_peer.py --solver cp-sat --version

Reads a BPP file (n, capacity, n widths), solves it within
$PACKBENCH_TIME_LIMIT seconds of its start (the solver gets what is left once
its model is built) and
prints the protocol's answer on standard output: one line per row of 0-based
item indices in file order, then `bound N` with the lower bound the solver
proved. The solver's own chatter goes to standard error. Limits, process
groups, verification, statuses and the CSV are packbench's: run it with

    packbench run --external cp-sat="python3 scripts/peers/run_peer.py --solver cp-sat" \
        --algorithms exact,cp-sat ...
"""
import argparse
import os
import sys
import time

STARTED = time.perf_counter()


def read_bpp(path):
    """n, capacity, then n widths (BPPLIB's BPP format); '#' starts a comment."""
    values = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                values.append(line.split()[0])
    n, capacity = int(values[0]), int(float(values[1]))
    widths = [int(float(v)) for v in values[2:2 + n]]
    if len(widths) != n:
        raise ValueError(f"{path}: {n} items announced, {len(widths)} found")
    return capacity, widths


# ---------------------------------------------------------------- solvers
# Each takes the deadline (time.perf_counter() seconds) by which it must have
# returned, gives the solver what is left of it once the model is built, and
# returns (rows as lists of item indices or None, bound, solver status, nodes).


def seconds_left(deadline):
    return max(0.1, deadline - time.perf_counter())

def solve_packingsolver(capacity, widths, deadline):
    import packingsolver.onedimensional as pso
    builder = pso.InstanceBuilder()
    builder.set_objective(pso.Objective.BinPacking)
    builder.add_bin_type(capacity, copies=len(widths))
    by_size = {}
    for i, w in enumerate(widths):
        by_size.setdefault(w, []).append(i)
    type_items = []
    for size in sorted(by_size):
        builder.add_item_type(size, copies=len(by_size[size]))
        type_items.append(list(by_size[size]))
    parameters = pso.OptimizeParameters()
    parameters.verbosity_level = 0
    parameters.time_limit = seconds_left(deadline)
    output = pso.optimize(builder.build(), parameters)
    solution = output.solution
    rows = []
    for b in range(solution.number_of_different_bins()):
        solution_bin = solution.bin(b)
        for _ in range(solution_bin.copies):
            rows.append([type_items[item.item_type_id].pop() for item in solution_bin.items])
    return rows, int(output.bin_packing_bound), "", None


def first_fit_decreasing(capacity, widths):
    order = sorted(range(len(widths)), key=lambda i: -widths[i])
    rows, room = [], []
    for i in order:
        for r, free in enumerate(room):
            if widths[i] <= free:
                rows[r].append(i)
                room[r] -= widths[i]
                break
        else:
            rows.append([i])
            room.append(capacity - widths[i])
    return rows


def solve_cpsat(capacity, widths, deadline):
    """The assignment model on item types: x[t][b] copies of type t in bin b."""
    from ortools.sat.python import cp_model
    sizes = sorted(set(widths), reverse=True)
    demand = {s: widths.count(s) for s in sizes}
    start = first_fit_decreasing(capacity, widths)
    bins = len(start)
    model = cp_model.CpModel()
    used = [model.NewBoolVar(f"y{b}") for b in range(bins)]
    x = {(t, b): model.NewIntVar(0, min(demand[s], capacity // max(s, 1)) if s > 0 else demand[s], f"x{t}_{b}")
         for t, s in enumerate(sizes) for b in range(bins)}
    for t, s in enumerate(sizes):
        model.Add(sum(x[t, b] for b in range(bins)) == demand[s])
    for b in range(bins):
        model.Add(sum(s * x[t, b] for t, s in enumerate(sizes)) <= capacity * used[b])
        if b + 1 < bins:
            model.Add(used[b] >= used[b + 1])
    total = sum(widths)
    model.Add(sum(used) >= -(-total // capacity))
    model.Minimize(sum(used))
    index = {s: t for t, s in enumerate(sizes)}
    for b, row in enumerate(start):  # the FFD packing as a hint
        model.AddHint(used[b], 1)
        for t in range(len(sizes)):
            model.AddHint(x[t, b], sum(1 for i in row if widths[i] == sizes[t]))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds_left(deadline)
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, int(max(0, solver.BestObjectiveBound())), solver.StatusName(status), None
    pools = {s: [i for i in range(len(widths)) if widths[i] == s] for s in sizes}
    rows = []
    for b in range(bins):
        row = []
        for t, s in enumerate(sizes):
            row += [pools[s].pop() for _ in range(solver.Value(x[t, b]))]
        if row:
            rows.append(row)
    bound = int(-(-solver.BestObjectiveBound() // 1)) if status != cp_model.OPTIMAL else len(rows)
    return rows, bound, solver.StatusName(status), int(solver.NumBranches())


def solve_highs_arcflow(capacity, widths, deadline):
    """Valerio de Carvalho's arc-flow model: nodes 0..C reachable by sums of
    sizes taken in non-increasing order, one arc per size from each node,
    loss arcs to C, minimise the flow out of 0."""
    import highspy
    import numpy as np
    sizes = sorted(set(w for w in widths if w > 0), reverse=True)
    demand = [widths.count(s) for s in sizes]
    # Arcs (tail, head, size index or -1 for loss); reachable nodes by a DP
    # that keeps, per node, the smallest size index used last (order).
    arcs = []
    last = {0: 0}  # node -> first size index allowed from it
    frontier = [0]
    nodes = {0}
    for node in sorted_nodes(capacity, sizes, last, arcs):
        nodes.add(node)
    nodes.add(capacity)
    for node in sorted(nodes):
        if node not in (0, capacity):
            arcs.append((node, capacity, -1))
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    inf = highspy.kHighsInf
    count = len(arcs)
    for a, (tail, head, t) in enumerate(arcs):
        h.addVar(0, inf if t < 0 else demand[t])
        h.changeColCost(a, 1.0 if tail == 0 else 0.0)
    h.changeColsIntegrality(count, np.arange(count, dtype=np.int32), np.full(count, highspy.HighsVarType.kInteger))
    out_arcs, in_arcs = {}, {}
    for a, (tail, head, t) in enumerate(arcs):
        out_arcs.setdefault(tail, []).append(a)
        in_arcs.setdefault(head, []).append(a)
    for node in sorted(nodes):
        if node in (0, capacity):
            continue
        idx = in_arcs.get(node, []) + out_arcs.get(node, [])
        coef = [1.0] * len(in_arcs.get(node, [])) + [-1.0] * len(out_arcs.get(node, []))
        h.addRow(0, 0, len(idx), np.array(idx, dtype=np.int32), np.array(coef))
    for t in range(len(sizes)):
        idx = [a for a, arc in enumerate(arcs) if arc[2] == t]
        h.addRow(demand[t], inf, len(idx), np.array(idx, dtype=np.int32), np.ones(len(idx)))
    h.setOptionValue("time_limit", seconds_left(deadline))
    h.run()
    info = h.getInfo()
    model_status = h.modelStatusToString(h.getModelStatus())
    bound = int(-(-(info.mip_dual_bound - 1e-6) // 1)) if info.mip_dual_bound < inf else 0
    if info.primal_solution_status == 0:
        return None, bound, model_status, int(info.mip_node_count)
    flow = [int(round(v)) for v in h.getSolution().col_value]
    pools = {s: [i for i in range(len(widths)) if widths[i] == s] for s in sizes}
    zeros = [i for i in range(len(widths)) if widths[i] == 0]
    rows = []
    # Decompose the integer flow into paths from 0 to C; a size's extra
    # copies (covering constraints are >=) are dropped.
    while any(flow[a] > 0 for a in out_arcs.get(0, [])):
        node, row = 0, []
        while node != capacity:
            a = next(a for a in out_arcs[node] if flow[a] > 0)
            flow[a] -= 1
            t = arcs[a][2]
            if t >= 0 and pools[sizes[t]]:
                row.append(pools[sizes[t]].pop())
            node = arcs[a][1]
        if row:
            rows.append(row)
    if zeros:
        (rows[0] if rows else rows.append([]) or rows[0]).extend(zeros)
    return rows, max(bound, 0), model_status, int(info.mip_node_count)


def sorted_nodes(capacity, sizes, last, arcs):
    """Reachable nodes in increasing order, adding the item arcs."""
    import heapq
    heap = [0]
    seen = {0}
    while heap:
        node = heapq.heappop(heap)
        for t in range(last[node], len(sizes)):
            head = node + sizes[t]
            if head > capacity:
                continue
            arcs.append((node, head, t))
            if head not in seen:
                seen.add(head)
                last[head] = t
                heapq.heappush(heap, head)
            else:
                last[head] = min(last[head], t)
        yield node


SOLVERS = {"packingsolver": solve_packingsolver, "cp-sat": solve_cpsat, "highs-arcflow": solve_highs_arcflow}


def version(solver):
    try:
        if solver == "packingsolver":
            import packingsolver
            return packingsolver.__version__
        if solver == "cp-sat":
            import ortools
            return ortools.__version__
        import highspy
        h = highspy.Highs()  # its banner goes to standard error (see main)
        return f"{h.versionMajor()}.{h.versionMinor()}.{h.versionPatch()}"
    except Exception as error:  # noqa: BLE001
        return f"unknown ({error})"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--solver", choices=sorted(SOLVERS), required=True)
    parser.add_argument("--version", action="store_true", help="print the solver's version")
    parser.add_argument("file", nargs="?")
    args = parser.parse_args()
    # Solvers print from C++ on file descriptor 1 (HiGHS's banner): it
    # points at standard error until the answer is written.
    sys.stdout.flush()
    answer_fd = os.dup(1)
    os.dup2(2, 1)
    if args.version:
        lines = [version(args.solver)]
    else:
        if not args.file:
            parser.error("the instance file is missing")
        capacity, widths = read_bpp(args.file)
        # Done by the time limit from this process's start, less 1 % for
        # writing the answer (the harness kills it a grace period later, and
        # counts a solve that took 98 % of the limit as one that reached it).
        limit = float(os.environ.get("PACKBENCH_TIME_LIMIT", "10"))
        deadline = STARTED + limit * 0.99
        rows, bound, solver_status, nodes = SOLVERS[args.solver](capacity, widths, deadline)
        print(f"{args.solver}: {solver_status or 'done'}, bound {bound}, nodes {nodes}", file=sys.stderr)
        lines = [" ".join(map(str, row)) for row in rows or []] + [f"bound {bound}"]
    sys.stdout.flush()
    os.write(answer_fd, ("\n".join(lines) + "\n").encode())


if __name__ == "__main__":
    main()
