#!/usr/bin/env bash
# Takes docs/explorer.png: starts `screenrec serve` (release build, the real detector and
# Tesseract), opens the explorer in headless Chromium at 1400×900, uploads Examples/clock.png
# through the page's file input, moves three elements forward and captures the page.
#
#   scripts/explorer-screenshot.sh [IMAGE] [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
image=${1:-Examples/clock.png}
out=${2:-docs/explorer.png}
port=${PORT:-18181}
bin=${SCREENREC:-.build/release/screenrec}
[ -x "$bin" ] || swift build -c release --product screenrec
log=$(mktemp -t screenrec-serve.XXXXXX)   # the server's output, kept for when something fails
"$bin" serve --port "$port" >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 300); do
    python3 -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:$port/healthz', timeout=2)" 2>/dev/null && break
    sleep 0.2
done
python3 Tests/ScreenRecognitionServerTests/Fixtures/explorer_cdp.py --url "http://127.0.0.1:$port/" \
    --image "$image" --screenshot "$out" --steps 3 >/dev/null
echo "wrote $out" >&2
