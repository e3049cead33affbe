#!/usr/bin/env bash
# Assembles results/README.md from the reports the other scripts wrote
# (each script writes its own results/*.md; this only stitches them).
set -euo pipefail
cd "$(dirname "$0")/.."
{
  echo "# Reference results"
  echo
  echo "Produced by the scripts in \`scripts/\` from the committed code; never edited by hand."
  echo "Regenerate one part with its script (named in each section), or all with \`scripts/reproduce-results.sh\`."
  echo
  for part in heuristics-bpplib exact-bpplib formulations-bpplib core-exact peers external-ffd scaling tags keys-bench report; do
    if [ -f "results/$part.md" ]; then
      cat "results/$part.md"
      echo
    fi
  done
} > results/README.md
