#!/usr/bin/env python3
"""Runs another solver on BPP instance files under packbench's limits and
writes packbench's CSV schema, so that `packbench report` ranks it beside
packbench's own solvers.

    run_peer.py --solver packingsolver|cp-sat|highs-arcflow --time-limit 10 \
        --memory-limit 4096 --output peers-cpsat.csv FILE.txt ...

Each instance runs in a child process (this script with --one): RLIMIT_AS
set in the child, SIGKILL at the time limit plus a grace period, pinned to
--cores CPU cores (1 by default: the core budget of packbench's solvers;
packingsolver's threads then share that core). The parent
verifies every packing itself (each item exactly once, each row within the
capacity) and sets rows and bound against optima.tsv, as packbench does:
`optimal` only when rows equal the solver's proven bound; `wrong` for a
packing that does not verify, fewer rows than the known optimum, or a bound
above it. Statuses: optimal, feasible, timelimit, memlimit, error, crash, wrong.
"""
import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import time

COLUMNS = ("dataset,instance,n,capacity,spacing,algorithm,rows,lower_bound,bound_source,optimum,gap,status,"
           "verified,time_ms,time_ms_min,time_ms_max,repetitions,nodes,stage,message,time_ms_p90,time_ms_iqr,"
           "outliers,seed,run_key").split(",")


def fnv1a64(data: bytes) -> str:
    h = 0xcbf29ce484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


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
# Each returns (rows as lists of item indices or None, bound, solver status, nodes).

def solve_packingsolver(capacity, widths, time_limit):
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
    parameters.time_limit = time_limit
    parameters.verbosity_level = 0
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


def solve_cpsat(capacity, widths, time_limit):
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
    solver.parameters.max_time_in_seconds = time_limit
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


def solve_highs_arcflow(capacity, widths, time_limit):
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
    h.setOptionValue("time_limit", float(time_limit))
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
        # HiGHS 1.16 prints its banner on stdout when constructed (from C++,
        # so sys.stdout cannot catch it): file descriptor 1 goes to
        # /dev/null meanwhile, so that the version stays one line.
        sys.stdout.flush()
        saved = os.dup(1)
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 1)
                h = highspy.Highs()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        return f"{h.versionMajor()}.{h.versionMinor()}.{h.versionPatch()}"
    except Exception as error:  # noqa: BLE001
        return f"unknown ({error})"


# ---------------------------------------------------------------- child
def one(args):
    # One core, as packbench's exact solvers have: packingsolver's default
    # parameters run several algorithms in threads (about 190 % CPU on a
    # 2-core machine), which would give the peer twice packbench's budget.
    if args.cores > 0 and hasattr(os, "sched_setaffinity"):
        allowed = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, set(allowed[-args.cores:]))
    if args.memory_limit > 0:
        limit = args.memory_limit << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        capacity, widths = read_bpp(args.files[0])
    except Exception as error:  # noqa: BLE001
        print(json.dumps({"status": "error", "message": str(error)}))
        return
    try:
        start = time.perf_counter()
        rows, bound, solver_status, nodes = SOLVERS[args.solver](capacity, widths, args.time_limit)
        elapsed = time.perf_counter() - start
    except MemoryError:
        print(json.dumps({"status": "memlimit", "message": "MemoryError"}))
        return
    print(json.dumps({"status": "ran", "rows": rows, "bound": bound, "solver_status": solver_status,
                      "nodes": nodes, "seconds": elapsed}))


# ---------------------------------------------------------------- parent
def verify(rows, capacity, widths):
    seen = [0] * len(widths)
    for row in rows:
        if not row:
            return "an empty row"
        for i in row:
            if not 0 <= i < len(widths):
                return f"item {i} does not exist"
            seen[i] += 1
        if sum(widths[i] for i in row) > capacity:
            return f"a row needs {sum(widths[i] for i in row)} but the capacity is {capacity}"
    missing = [i for i, c in enumerate(seen) if c != 1]
    return f"item {missing[0] + 1} is packed {seen[missing[0]]} times" if missing else None


def optima_near(path):
    directory = os.path.dirname(os.path.abspath(path))
    while True:
        candidate = os.path.join(directory, "optima.tsv")
        if os.path.exists(candidate):
            table = {}
            with open(candidate) as f:
                for line in f:
                    parts = line.rstrip("\n").split("\t")
                    if len(parts) >= 5 and parts[0] != "set":
                        table[(parts[0], parts[1])] = int(parts[4])
            return table
        parent = os.path.dirname(directory)
        if parent == directory:
            return {}
        directory = parent


def csv_field(value):
    text = "" if value is None else str(value)
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def run_one(args, path, optima_cache):
    dataset = os.path.basename(os.path.dirname(os.path.abspath(path)))
    instance = os.path.splitext(os.path.basename(path))[0]
    with open(path, "rb") as f:
        checksum = fnv1a64(f.read())
    algorithm = args.solver
    parameters = f"time-limit={args.time_limit:g};memory-limit={args.memory_limit << 20 if args.memory_limit else 'none'}"
    identity = "\n".join(["packbench-run-1", checksum, f"{dataset}/{instance}", algorithm, parameters])
    key = fnv1a64((identity + "\nseed=1").encode())
    key_dir = os.path.dirname(os.path.abspath(path))
    if key_dir not in optima_cache:
        optima_cache[key_dir] = optima_near(path)
    optimum = optima_cache[key_dir].get((dataset, instance))
    record = dict(dataset=dataset, instance=instance, n=0, capacity=0, spacing=0, algorithm=algorithm,
                  rows=None, lower_bound=0, bound_source="", optimum=optimum, gap=None, status="error",
                  verified="false", repetitions=1, nodes=None, stage=algorithm, message="", seed=1, run_key=key)
    try:
        capacity, widths = read_bpp(path)
        record.update(n=len(widths), capacity=capacity)
    except Exception as error:  # noqa: BLE001
        record.update(message=str(error), optimum=None, time_ms=0.0)
        return record
    l1 = -(-sum(widths) // capacity) if widths else 0
    record.update(lower_bound=l1, bound_source="L1")
    command = [sys.executable, os.path.abspath(__file__), "--one", "--solver", args.solver,
               "--time-limit", str(args.time_limit), "--memory-limit", str(args.memory_limit),
               "--cores", str(args.cores), path]
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = False
    try:
        out, err = child.communicate(timeout=args.time_limit + max(1.0, args.time_limit / 10) + args.startup)
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
        killed = True
    wall = time.perf_counter() - start
    record["time_ms"] = wall * 1000
    result = None
    for line in out.splitlines():
        if line.startswith("{"):
            result = json.loads(line)
    if killed:
        record.update(status="timelimit", stage="child")
        return record
    if result is None:
        lowered = err.lower()
        if any(p in lowered for p in ("memoryerror", "bad_alloc", "out of memory", "cannot allocate")):
            record.update(status="memlimit")
        else:
            how = f"signal {-child.returncode}" if child.returncode < 0 else f"exit status {child.returncode}"
            last = [l for l in err.splitlines() if l.strip()][-1:] or [""]
            record.update(status="crash", message=f"the child died ({how}): {last[0][:300]}")
        return record
    if result["status"] != "ran":
        record.update(status=result["status"], message=result.get("message", ""))
        return record
    record["time_ms"] = result["seconds"] * 1000
    record["nodes"] = result.get("nodes")
    bound = result["bound"] or 0
    if bound > l1:
        record.update(lower_bound=bound, bound_source="MIP")
    rows = result["rows"]
    limit_reached = result["seconds"] >= args.time_limit * 0.98 or result.get("solver_status") in ("FEASIBLE", "Time limit reached", "UNKNOWN")
    if rows is None or (not rows and widths):
        # No packing (packingsolver returns an empty solution when its time
        # runs out before it found one): a limit, not a wrong answer.
        record.update(status="timelimit" if limit_reached else "error",
                      message=result.get("solver_status", "") or "no packing returned")
        return record
    problem = verify(rows, capacity, widths)
    record["rows"] = len(rows)
    record["gap"] = len(rows) - (optimum if optimum is not None else record["lower_bound"])
    if problem:
        record.update(status="wrong", message=f"packing does not verify: {problem}")
        return record
    record["verified"] = "true"
    if optimum is not None and len(rows) < optimum:
        record.update(status="wrong", message=f"{len(rows)} rows is below the known optimum {optimum}")
    elif optimum is not None and record["lower_bound"] > optimum:
        record.update(status="wrong", message=f"lower bound {record['lower_bound']} is above the known optimum {optimum}")
    elif len(rows) == record["lower_bound"]:
        record["status"] = "optimal"
    else:
        record["status"] = "timelimit" if limit_reached else "feasible"
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--solver", choices=sorted(SOLVERS), required=True)
    parser.add_argument("--time-limit", type=float, default=10)
    parser.add_argument("--memory-limit", type=int, default=4096, help="MiB; 0 for none")
    parser.add_argument("--cores", type=int, default=1,
                        help="CPU cores the solver may use (its threads share them; the last ones allowed); 0 for all")
    parser.add_argument("--startup", type=float, default=2.0, help="seconds allowed for the child's imports")
    parser.add_argument("--output", help="the CSV (appended to, skipping run keys already there)")
    parser.add_argument("--version", action="store_true", help="print the solver's version")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if args.version:
        print(version(args.solver))
        return
    if args.one:
        one(args)
        return
    done = set()
    if args.output and os.path.exists(args.output) and os.path.getsize(args.output) > 0:
        with open(args.output) as f:
            for line in f.read().splitlines()[1:]:
                done.add(line.rsplit(",", 1)[-1])
        sink = open(args.output, "a", newline="")
    else:
        sink = open(args.output, "w", newline="") if args.output else sys.stdout
        sink.write(",".join(COLUMNS) + "\r\n")
    cache = {}
    for path in args.files:
        record = run_one(args, path, cache)
        if record["run_key"] in done:
            continue
        for name in ("time_ms_min", "time_ms_max"):
            record[name] = record.get("time_ms", 0.0)
        fields = []
        for column in COLUMNS:
            value = record.get(column)
            if column.startswith("time_ms") and value is not None and value != "":
                value = "%.6f" % value
            fields.append(csv_field(value))
        sink.write(",".join(fields) + "\r\n")
        sink.flush()
        print(f"{args.solver} {record['dataset']}/{record['instance']}: {record['status']} rows={record['rows']}"
              f" bound={record['lower_bound']} {record.get('time_ms', 0) / 1000:.2f}s", file=sys.stderr)
    if sink is not sys.stdout:
        sink.close()


if __name__ == "__main__":
    main()
