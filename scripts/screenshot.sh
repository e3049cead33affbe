#!/usr/bin/env bash
# Renders an HTML page (a report, the tag layouts) in headless Chromium and saves a PNG:
#
#   scripts/screenshot.sh results/report.html results/report.png   # WINDOW=W,H sets the size
#
# Needs chromium (scripts/setup --browser).
set -euo pipefail
page="$1"
png="$2"
browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser="$b"; break; fi
done
if [ -z "$browser" ]; then
  echo "screenshot: no chromium found; install it with scripts/setup --browser" >&2
  exit 1
fi
# --no-sandbox: Chromium refuses to run as root otherwise (containers, CI).
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --window-size="${WINDOW:-1440,2200}" --screenshot="$(cd "$(dirname "$png")" && pwd)/$(basename "$png")" \
  "file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")" 2>/dev/null
echo "wrote $png" >&2
