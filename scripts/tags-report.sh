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
# 3. opens the page in headless Chromium and saves results/tags.png.
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
  --objectives --objectives-time-limit 1 --objectives-probe-time-limit 0.1
{ echo; scripts/machine-note.sh; } >> results/tags.md
echo "wrote results/tags.md and results/tags.html"
# Two single layouts as SVG: English names, first-fit-decreasing, centred;
# Arabic names right to left with icons, next-fit.
"$bin" layout --tags datasets/tags/countries.txt --first 24 --width 390 --preset capsule \
  --align center --algorithm first-fit-decreasing --svg results/tags-example.svg > /dev/null
"$bin" layout --tags datasets/tags/countries-ar.txt --first 24 --width 390 --preset icon \
  --rtl --algorithm next-fit --svg results/tags-example-rtl.svg > /dev/null
echo "wrote results/tags-example.svg and results/tags-example-rtl.svg"

WINDOW=4000,1240 scripts/screenshot.sh results/tags.html results/tags.png
