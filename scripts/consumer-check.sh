#!/usr/bin/env bash
# Builds the consumer fixture (Tests/Fixtures/ConsumerPackage: a package that
# depends on the RowPacking product alone, as an app's does) and checks that
# it links and runs on this platform, and that its frames, computed by
# RowPacking alone from the tags' sizes, are the frames `packbench layout
# --json` prints for bundled tag lists (HarfBuzz measures there; the same
# sizes are fed to the fixture). CI runs it after the tests.
#
#   scripts/consumer-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fixture=Tests/Fixtures/ConsumerPackage
scratch="$root/.build-consumer"   # its own build folder, gitignored (.build-*)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build --product packbench 2>&1 | grep -vE "^\[[0-9]+/[0-9]+\]" || true
packbench="$(swift build --show-bin-path)/packbench"
[ -x "$packbench" ] || { echo "consumer-check: packbench did not build" >&2; exit 1; }
swift build --package-path "$fixture" --scratch-path "$scratch" 2>&1 | grep -vE "^\[[0-9]+/[0-9]+\]"
consumer="$scratch/debug/ConsumerCheck"
[ -x "$consumer" ] || { echo "consumer-check: the fixture did not build or link" >&2; exit 1; }

"$consumer" api

# name | packbench layout options: every bundled list with the defaults
# (next-fit, the direction from the labels), then other options.
cases=()
for list in datasets/tags/*.txt; do cases+=("$(basename "$list" .txt)|--tags $list"); done
cases+=(
  "languages, FFD, centred|--tags datasets/tags/languages.txt --algorithm first-fit-decreasing --align center --width 320"
  "currencies, justified, packed order|--tags datasets/tags/currencies.txt --algorithm best-fit-decreasing --align justified --order packed --inset 12"
  "countries forced right to left, trailing, top|--tags datasets/tags/countries.txt --rtl --align trailing --vertical-align top"
  "countries-ja, strict fit|--tags datasets/tags/countries-ja.txt --fit strict --spacing 6 --line-spacing 4"
)
for entry in "${cases[@]}"; do
  name=${entry%%|*}
  read -r -a options <<<"${entry#*|}"
  "$packbench" layout "${options[@]}" --json >"$work/layout.json"
  python3 - "$work/layout.json" "$work/sizes.txt" "$work/args.txt" <<'PY'
import json, sys
layout = json.load(open(sys.argv[1]))
o = layout["options"]
with open(sys.argv[2], "w") as f:
    for t in layout["tags"]:
        f.write(f'{t["requestedWidth"]!r} {t["height"]!r}\n')
i = o["insets"]
args = ["--width", o["width"], "--insets", f'{i["top"]!r},{i["leading"]!r},{i["bottom"]!r},{i["trailing"]!r}',
        "--spacing", o["spacing"], "--line-spacing", o["lineSpacing"], "--align", o["alignment"],
        "--vertical-align", o["verticalAlignment"],
        "--direction", o["direction"], "--order", o["order"], "--fit", o["fit"], "--algorithm", layout["algorithm"]]
open(sys.argv[3], "w").write("\n".join(repr(a) if isinstance(a, float) else str(a) for a in args) + "\n")
PY
  mapfile -t consumer_args <"$work/args.txt"
  "$consumer" frames "${consumer_args[@]}" <"$work/sizes.txt" >"$work/frames.txt"
  python3 - "$work/layout.json" "$work/frames.txt" "$name" <<'PY'
import json, sys
layout = json.load(open(sys.argv[1]))
lines = open(sys.argv[2]).read().split("\n")
name = sys.argv[3]
tags = layout["tags"]
problems = []
for t, line in zip(tags, lines):
    got = [float(v) for v in line.split()]
    want = [t["x"], t["y"], t["width"], t["height"]]
    if got != want:
        problems.append(f'tag {t["index"] + 1} ({t["label"]}): packbench {want}, RowPacking alone {got}')
content = lines[len(tags)].split()
if content[0] != "content" or [float(v) for v in content[1:]] != [layout["contentWidth"], layout["contentHeight"]]:
    problems.append(f'content size: packbench {layout["contentWidth"]} x {layout["contentHeight"]}, RowPacking alone {content[1:]}')
if problems:
    print(f"consumer-check: {name}: {len(problems)} differences:", *problems[:5], sep="\n  ")
    sys.exit(1)
print(f"consumer-check: {name}: {len(tags)} tags, {len(layout['rows'])} rows: the same frames and content size")
PY
done
echo "consumer-check: RowPacking alone builds, links and lays out the bundled tag lists as packbench does"
