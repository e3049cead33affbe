#!/usr/bin/env bash
# Answers "does reordering tags save rows?" over the tag-cloud datasets,
# from the repository root:
#
#   scripts/tags-report.sh
#
# 1. builds packbench (release);
# 2. lays out every cloud of datasets/tag-clouds with every algorithm
#    (packbench layout study) and writes results/tags.md and the HTML page
#    results/tags.html (the same tags laid out by each algorithm side by side,
#    Arabic clouds right to left), with the sections on balanced rows and on
#    the rows for every width (--objectives), and two single layouts as SVG
#    (results/tags-example*.svg);
# 3. appends the section "Fewest moves at the fewest rows, 40 and 60 tags":
#    windows of 40 and 60 consecutive labels of every file of datasets/tags
#    (from the first label and from the 101st), width 390, capsule, each
#    curve within --moves-time-limit 1 (the exact solver and the search);
# 4. opens the page in headless Chromium and saves results/tags.png (skipped
#    without chromium).
#
# Needs scripts/setup (HarfBuzz, DejaVu) and, for the screenshot,
# scripts/setup --browser (chromium). Regenerate the datasets first with
# scripts/make-tags.sh if you changed them.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" --product packbench >&2
bin="$scratch/release/packbench"
mkdir -p results
"$bin" layout study --dataset datasets/tag-clouds --output results/tags.md \
  --html results/tags.html --html-clouds 2 --line-spacing 8 --inset 16 --size 17 \
  --objectives --objectives-time-limit 1 --objectives-probe-time-limit 0.1 \
  --font-fallback none  # the clouds' widths were measured with DejaVu alone
python3 - "$bin" >> results/tags.md <<'PY'
import glob, os, statistics, subprocess, sys, tempfile, time
bin = sys.argv[1]
rows = []
for path in sorted(glob.glob("datasets/tags/*.txt")):
    labels = [l.rstrip("\n") for l in open(path, encoding="utf-8") if l.strip() and not l.startswith("#")]
    for size in (40, 60):
        for start in (0, 100):
            window = labels[start:start + size]
            if len(window) < size:
                continue
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
                f.write("\n".join(window) + "\n")
            began = time.monotonic()
            out = subprocess.run([bin, "layout", "--tags", f.name, "--width", "390", "--preset", "capsule",
                                  "--tradeoff", "--moves-time-limit", "1"], capture_output=True, text=True)
            seconds = time.monotonic() - began
            os.unlink(f.name)
            curve = [l for l in out.stdout.splitlines() if l.strip() and l.split("|")[0].strip().isdigit()]
            if out.returncode != 0 or not curve:
                rows.append((os.path.basename(path), start + 1, size, None, None, None, False, seconds))
                continue
            r, moves, proven = [c.strip() for c in curve[-1].split("|")]
            lower = int(moves) if proven == "yes" else int(proven.split("at least ")[1].rstrip(")"))
            rows.append((os.path.basename(path), start + 1, size, int(r), int(moves), lower, proven == "yes", seconds))
print("\n## Fewest moves at the fewest rows, 40 and 60 tags\n")
print("Windows of 40 and 60 consecutive labels of each file of `datasets/tags` (from the first label and from the 101st), "
      "width 390, preset capsule, default font with fallback fonts: `packbench layout --tradeoff --moves-time-limit 1` "
      "(the exact solver for the fewest rows, then the curve; the fewest rows get four fifths of the time left). "
      "Proven: the tags moved equal the lower bound (the set-partitioning relaxation over rows and its branch and price, else the interval table, the prices per tag and the branch and bound that refuted each smaller count; docs/tag-layout-moves.md). "
      "Seconds: the whole command's wall time (measuring included), on a machine shared with other work (see the load below).\n")
print("| tags | lists | fewest moves proven | moves (median) | lower bound (median) | gap (median) | seconds (median) |")
print("|---|---|---|---|---|---|---|")
for size in (40, 60):
    sel = [r for r in rows if r[2] == size]
    ok = [r for r in sel if r[4] is not None]
    proven = sum(1 for r in sel if r[6])
    med = lambda xs: statistics.median(xs) if xs else "-"
    print(f"| {size} | {len(sel)} | {proven} of {len(sel)} ({round(100 * proven / max(len(sel), 1))}%) | "
          f"{med([r[4] for r in ok])} | {med([r[5] for r in ok])} | {med([r[4] - r[5] for r in ok])} | "
          f"{med([round(r[7], 2) for r in sel])} |")
print("\n| list | first label | tags | fewest rows | tags moved | lower bound | proven | seconds |")
print("|---|---|---|---|---|---|---|---|")
for name, first, size, r, moves, lower, proven, seconds in rows:
    print(f"| `{name}` | {first} | {size} | {r if r is not None else 'failed'} | {moves if moves is not None else '-'} | "
          f"{lower if lower is not None else '-'} | {'yes' if proven else 'no'} | {seconds:.2f} |")
PY
{ echo; scripts/machine-note.sh; } >> results/tags.md
echo "wrote results/tags.md and results/tags.html"
# Two single layouts as SVG: English names, first-fit-decreasing, centred;
# Arabic names right to left with icons, next-fit.
"$bin" layout --tags datasets/tags/countries.txt --first 24 --width 390 --preset capsule \
  --align center --algorithm first-fit-decreasing --svg results/tags-example.svg > /dev/null
"$bin" layout --tags datasets/tags/countries-ar.txt --first 24 --width 390 --preset icon \
  --rtl --algorithm next-fit --svg results/tags-example-rtl.svg > /dev/null
echo "wrote results/tags-example.svg and results/tags-example-rtl.svg"

if command -v chromium > /dev/null; then
  WINDOW=4000,1240 scripts/screenshot.sh results/tags.html results/tags.png
else
  echo "chromium not found (scripts/setup --browser): results/tags.png not refreshed" >&2
fi
