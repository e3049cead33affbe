#!/usr/bin/env bash
# Regenerates datasets/default, the bundled dataset that `packbench run` uses
# when no dataset is named: seeded instances of the three generator kinds,
# with optima known by construction for triplets and perfect (in optima.tsv).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
swift build -c release --product packbench --scratch-path "$scratch" >/dev/null
bin="$scratch/release/packbench"
out=datasets/default
rm -rf "$out"
$bin generate uniform  --count 10 --seed 1 --size 120 --output "$out/uniform"  --optima "$out/optima.tsv"
$bin generate triplets --count 10 --seed 2 --size 60  --output "$out/triplets" --optima "$out/optima.tsv"
$bin generate perfect  --count 10 --seed 3 --size 40  --output "$out/perfect"  --optima "$out/optima.tsv"
