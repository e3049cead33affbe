#!/usr/bin/env bash
# results/published-bcp.md: packbench's `exact` beside da Silva and Schouery's
# published branch-and-price-and-cut (INFORMS Journal on Computing 2023.0399,
# github.com/INFORMSJoC/2023.0399, results/CSP-10min: one thread, 10 min)
# on AI and ANI, per number of items: proven within 60 s, and the median
# root LP time, theirs and ours (the root_lp_ms column, where the CSV has it).
#
#   BCP_REPO=/path/to/2023.0399 scripts/published-bcp.sh   # recount theirs from their .sol files
#   scripts/published-bcp.sh                               # theirs from datasets/published/bcp-csp-10min.tsv
#
# BCP_REPO is a clone (or a bare git directory) of their repository. Only
# counts and medians are kept (datasets/published/bcp-csp-10min.tsv), not
# their per-instance files (CC BY-NC). Ours: results/exact-hard-all.csv
# (every shared file of each set at 60 s, scripts/exact-hard.sh PER_SET=all),
# which covers half of each set's files; theirs cover all 50 per size.
# With BCP_REPO it also counts theirs on exactly the files of our two runs
# (the seeded sample and every shared file) into
# datasets/published/bcp-csp-10min-our-files.tsv, and the report sets the
# two side by side ("On the same files").
set -euo pipefail
cd "$(dirname "$0")/.."
tsv=datasets/published/bcp-csp-10min.tsv
ours=results/exact-hard-all.csv
[ -f "$ours" ] || { echo "published-bcp: $ours not found (scripts/exact-hard.sh PER_SET=all makes it)" >&2; exit 1; }
if [ -n "${BCP_REPO:-}" ]; then
  python3 - "$BCP_REPO" "$tsv" <<'PY'
import csv, os, statistics, subprocess, sys
repo, out = sys.argv[1], sys.argv[2]
folder = "results/CSP-10min"
def listing():
    if os.path.isdir(os.path.join(repo, folder)):
        return sorted(os.listdir(os.path.join(repo, folder))), lambda n: open(os.path.join(repo, folder, n)).read()
    names = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", f"HEAD:{folder}"],
                           check=True, capture_output=True, text=True).stdout.split()
    show = lambda n: subprocess.run(["git", "-C", repo, "show", f"HEAD:{folder}/{n}"],
                                    check=True, capture_output=True, text=True).stdout
    return names, show
names, read = listing()
groups = {}
proven60 = set()
for name in names:
    parts = name.split("_")
    if len(parts) < 4 or parts[2] not in ("DI", "NR"):
        continue
    head = {}
    for line in read(name).splitlines()[:12]:
        if ":" in line:
            k, v = line.split(":", 1); head[k.strip()] = v.strip()
    key = ("AI" if parts[2] == "DI" else "ANI", int(parts[0]))
    g = groups.setdefault(key, {"n": 0, "p60": 0, "p600": 0, "root": [], "after": []})
    g["n"] += 1
    optimal = head.get("Status") == "Optimal"
    final, root = float(head.get("Final_Time", "inf")), float(head.get("Root_Time", "inf"))
    g["root"].append(root)
    if optimal and final <= 60: g["p60"] += 1; proven60.add(name)
    if optimal and final <= 600:
        g["p600"] += 1; g["after"].append(final - root)
with open(out, "w") as f:
    f.write("# da Silva and Schouery (2023), github.com/INFORMSJoC/2023.0399 results/CSP-10min, counted by scripts/published-bcp.sh\n")
    f.write("set\titems\tinstances\tproven_60s\tproven_600s\tmedian_root_s\tmedian_proof_after_root_s\n")
    for (s, n), g in sorted(groups.items()):
        after = statistics.median(g["after"]) if g["after"] else float("nan")
        f.write(f"{s}\t{n}\t{g['n']}\t{g['p60']}\t{g['p600']}\t{statistics.median(g['root']):.1f}\t{after:.1f}\n")
# The same count on the files our runs hold: the seeded sample
# (results/exact-hard.csv) and every shared file (results/exact-hard-all.csv).
# Counts only, as above.
with open(out.replace(".tsv", "-our-files.tsv"), "w") as f:
    f.write("# da Silva and Schouery (2023) results/CSP-10min on the files of packbench's runs, counted by scripts/published-bcp.sh\n")
    f.write("files\tset\titems\tinstances\tproven_60s\n")
    for files, path in (("sample", "results/exact-hard.csv"), ("shared", "results/exact-hard-all.csv")):
        counts = {}
        for r in csv.DictReader(open(path)):
            if r["algorithm"] != "exact" or r["dataset"] not in ("AI", "ANI"): continue
            key = (r["dataset"], int(r["instance"].split("_")[0]))
            c = counts.setdefault(key, [0, 0])
            c[0] += 1
            c[1] += r["instance"] + ".txt.sol" in proven60
        for (s, n), (k, p) in sorted(counts.items()):
            f.write(f"{files}\t{s}\t{n}\t{k}\t{p}\n")
PY
fi
[ -f "$tsv" ] || { echo "published-bcp: $tsv not found; set BCP_REPO to a clone of github.com/INFORMSJoC/2023.0399" >&2; exit 1; }
python3 - "$tsv" "$ours" > results/published-bcp.md <<'PY'
import csv, json, math, re, statistics, sys
tsv, ours_path = sys.argv[1], sys.argv[2]
theirs = {}
for row in csv.DictReader((l for l in open(tsv) if not l.startswith("#")), delimiter="\t"):
    theirs[(row["set"], int(row["items"]))] = row
def size_of(r): return int(r["instance"].split("_")[0])
def proven60(r):
    return r["status"] == "optimal" and r["verified"] == "true" and float(r["time_ms"]) <= 60000
ours = {}
reader = csv.DictReader(open(ours_path))
# root_lp_ms: when exact's root LP ended, from the solve's start (docs/csv.md);
# files written before the column have none.
has_root = "root_lp_ms" in (reader.fieldnames or [])
for r in reader:
    if r["algorithm"] != "exact" or r["dataset"] not in ("AI", "ANI"): continue
    g = ours.setdefault((r["dataset"], size_of(r)), {"files": 0, "proven": 0, "roots": [], "ended": 0})
    g["files"] += 1
    proven = proven60(r)
    g["proven"] += proven
    root = r.get("root_lp_ms") or ""
    if root:
        g["roots"].append(float(root) / 1000); g["ended"] += 1
    elif not proven:
        # Unproven with no root LP time: the root LP did not end within the limit.
        g["roots"].append(math.inf)
manifest = open(ours_path.replace(".csv", ".md")).read()
commit = re.search(r"packbench [0-9.]+ \(([0-9a-f]+)\)", manifest)
machine = re.search(r"Machine: ([^;]+);", manifest)
jobs = re.search(r"JOBS=([0-9]+)", manifest)
try:
    limit = json.load(open(ours_path + ".manifest.json"))["configuration"]["timeLimitSeconds"]
except (OSError, KeyError, ValueError):
    limit = 60
where = machine.group(1) if machine else "machine not recorded"
at_once = f"{jobs.group(1)} solves at a time" if jobs else "solves at a time not recorded"
print("# `exact` beside published branch-and-price-and-cut on AI and ANI\n")
print("Generated by `scripts/published-bcp.sh`. Theirs: da Silva, K. and Schouery, R. C. S. (2023), "
      "INFORMS Journal on Computing 2023.0399, per-instance results in github.com/INFORMSJoC/2023.0399 "
      "(`results/CSP-10min`: one thread, Gurobi as LP engine, 10 min), counted in "
      "`datasets/published/bcp-csp-10min.tsv`: proven with a final time of at most 60 s. "
      f"Ours: `results/exact-hard-all.csv` (every shared file, 60 s, one thread, GLPK; packbench "
      f"{commit.group(1) if commit else '?'}, {where}), "
      "which holds half of each size's 50 files. Different machines: compare shares, not seconds.\n")
print("Root LP times. Theirs: the median of `Root_Time` in their `.sol` files, over all 50 files "
      "(seconds, on the clock of their `Final_Time`; their repository does not name the machine). "
      "Ours: the median of the `root_lp_ms` column (docs/csv.md): wall time from the start of the "
      "solve (its packers and the searches before the LP included) to the end of the root LP "
      f"(Gilmore–Gomory column generation, GLPK), one thread on {where}, {at_once}. It counts the "
      "files whose root LP ended, and those left unproven without one as longer than all "
      f"(\"> {limit:g}\" when they are the median); files proven before or without the root LP "
      "are left out. In brackets: root LPs that ended / files counted.\n")
print("| set | items | packbench proven (60 s) | share | published proven (60 s) | share | published (600 s) | packbench median root LP (s) | published median root LP (s) | published median proof after the root (s) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for key in sorted(set(theirs) | set(ours)):
    t = theirs.get(key); o = ours.get(key)
    oc = f"{o['proven']}/{o['files']}" if o else "-"
    osh = f"{100 * o['proven'] / o['files']:.0f} %" if o else "-"
    oroot = "-"
    if o and has_root and o["roots"]:
        median = statistics.median(o["roots"])
        oroot = (f"{median:.1f}" if math.isfinite(median) else f"> {limit:g}") + f" ({o['ended']}/{len(o['roots'])})"
    if t:
        n, p60 = int(t["instances"]), int(t["proven_60s"])
        tc, tsh, t600 = f"{p60}/{n}", f"{100 * p60 / n:.0f} %", f"{t['proven_600s']}/{n}"
        root, after = t["median_root_s"], t["median_proof_after_root_s"]
    else:
        tc = tsh = t600 = root = after = "-"
    print(f"| {key[0]} | {key[1]} | {oc} | {osh} | {tc} | {tsh} | {t600} | {oroot} | {root} | {after} |")
files_tsv = tsv.replace(".tsv", "-our-files.tsv")
try:
    same = [r for r in csv.DictReader((l for l in open(files_tsv) if not l.startswith("#")), delimiter="\t")]
except OSError:
    same = []
if same:
    print("\n## On the same files\n")
    print(f"Their count (proven with a final time of at most 60 s) on exactly the files of our runs, from "
          f"`{files_tsv}` (counts only): the seeded sample of `results/exact-hard.md` (seed 10, 20 files a set) "
          "and every shared file (`results/exact-hard-all.md`). Ours from the same two CSV files.\n")
    print("| files | set | items | instances | packbench proven (60 s) | published proven (60 s) |")
    print("|---|---|---:|---:|---:|---:|")
    # Ours per set and size: every shared file as counted above, the sample
    # from its own CSV (read once).
    sample = {}
    for o in csv.DictReader(open("results/exact-hard.csv")):
        if o["algorithm"] == "exact" and o["dataset"] in ("AI", "ANI") and proven60(o):
            key = (o["dataset"], size_of(o))
            sample[key] = sample.get(key, 0) + 1
    totals = {}
    for r in same:
        key = (r["set"], int(r["items"]))
        proven = sample.get(key, 0) if r["files"] == "sample" else ours.get(key, {"proven": 0})["proven"]
        t = totals.setdefault((r["files"], r["set"]), [0, 0, 0])
        t[0] += int(r["instances"]); t[1] += proven; t[2] += int(r["proven_60s"])
        print(f"| {r['files']} | {r['set']} | {r['items']} | {r['instances']} | {proven} | {r['proven_60s']} |")
    for (files, s), (n, ours_p, theirs_p) in sorted(totals.items()):
        print(f"| {files} | {s} | all | {n} | **{ours_p}** | **{theirs_p}** |")
if not has_root:
    print(f"\n`{ours_path}` predates the `root_lp_ms` column: our root LP times show \"-\" until "
          "`scripts/exact-hard.sh PER_SET=all` runs again. `packbench solve --algorithm exact` "
          "prints the time per file (`root LP:`).")
PY
echo "published-bcp: wrote results/published-bcp.md" >&2
