#!/usr/bin/env bash
# Regenerates the tag datasets, from the repository root:
#   1. datasets/tags/*.txt: real tag strings from Debian's iso-codes
#      (scripts/make-tags.swift);
#   2. datasets/tag-clouds/*.txt: seeded tag-cloud instances drawn from
#      them, measured with HarfBuzz at 17 pt DejaVu Sans, rows 390 - 2 x 16
#      = 358 pt, spacing 8 pt (packbench layout make-clouds), in BPP format.
#
#   scripts/make-tags.sh [--seed S] [--count N]
#
# Needs iso-codes, fonts-dejavu-core and libharfbuzz-dev (scripts/setup).
set -euo pipefail
cd "$(dirname "$0")/.."
seed=1
count=40
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed="$2"; shift 2 ;;
    --count) count="$2"; shift 2 ;;
    *) echo "usage: scripts/make-tags.sh [--seed S] [--count N]" >&2; exit 2 ;;
  esac
done
swift scripts/make-tags.swift
scratch="${PACKBENCH_SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" --product packbench >&2
bin="$scratch/release/packbench"
# The lists drawn from: English names, and country names in scripts DejaVu
# Sans covers (Latin with accents, Arabic, Cyrillic, Greek). Japanese and
# flag emoji are left out: DejaVu Sans has no glyphs for them, so their
# widths would be those of .notdef boxes.
lists=(countries languages currencies countries-de countries-ar countries-ru countries-el)
files=()
for l in "${lists[@]}"; do files+=("datasets/tags/$l.txt"); done
rm -f datasets/tag-clouds/cloud-*.txt
"$bin" layout make-clouds --seed "$seed" --count "$count" --output datasets/tag-clouds \
  --width 390 --inset 16 --spacing 8 --size 17 --tags "${files[@]}"
