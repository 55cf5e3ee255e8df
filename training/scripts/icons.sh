#!/usr/bin/env bash
# The icon classifier end to end (run from anywhere, as root after scripts/setup.sh): render the
# three sets, train for MINUTES (default 35) at nice 10, export ONNX + model.json + metrics.json and
# the Swift test fixtures. From scratch by default; with INIT_ONNX=path/to/icons.onnx it fine-tunes
# that exported model instead (the shipped r4: INIT_ONNX=<r3's icons.onnx> MINUTES=22 LR=1e-3 THREADS=2;
# Models/icons/MODEL_CARD.md). Run fetch_assets.sh first: without its photos the sets have no photo
# backgrounds.
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${MINUTES:-35}"
LR="${LR:-3e-3}"
THREADS="${THREADS:-1}"
INIT=()
if [ -n "${INIT_ONNX:-}" ]; then INIT=(--init-onnx "$INIT_ONNX"); fi
export OMP_NUM_THREADS="$THREADS"
nice -n 10 /usr/bin/python3 -m screenrec_training.icons.dataset --out data/icons_r4 --cache data/icons/glyphs --workers 2
nice -n 10 /usr/bin/python3 -m screenrec_training.icons.train --data data/icons_r4 --run runs/icons_r4 --minutes "$MINUTES" \
  --threads "$THREADS" --lr "$LR" "${INIT[@]}"
/usr/bin/python3 -m screenrec_training.icons.export --checkpoint runs/icons_r4/best.pt --data data/icons_r4 \
  --out ../Models/icons --fixtures ../Tests/ScreenRecognitionONNXTests/Fixtures/icons \
  --command "MINUTES=$MINUTES LR=$LR THREADS=$THREADS INIT_ONNX=${INIT_ONNX:-} bash training/scripts/icons.sh"
