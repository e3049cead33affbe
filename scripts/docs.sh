#!/usr/bin/env bash
# Builds the DocC documentation of the app-facing library (RowPacking) with
# swift-docc-plugin, and fails on any warning (a broken symbol link, a
# parameter left undocumented). CI runs it after the tests.
#
#   scripts/docs.sh                 # archive in .build/plugins/Swift-DocC/outputs/
#   scripts/docs.sh --preview       # serve it locally (swift package preview-documentation)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--preview" ]; then
  exec swift package --disable-sandbox preview-documentation --target RowPacking
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift package generate-documentation --target RowPacking 2>&1 | tee "$log" | grep -vE "^\[[0-9]+/[0-9]+\]" || true
if ! grep -q "Generated documentation archive" "$log"; then
  echo "docs: generate-documentation failed" >&2
  exit 1
fi
if grep -qE "warning:" "$log"; then
  echo "docs: $(grep -cE 'warning:' "$log") DocC warning(s) in RowPacking; fix the doc comments above" >&2
  exit 1
fi
echo "docs: RowPacking documentation built without warnings"
