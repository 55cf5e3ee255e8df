#!/usr/bin/env bash
# The icon classifier end to end, as shipped in Models/icons (run from anywhere, as root after
# scripts/setup.sh): render the three sets, train for MINUTES (default 35) at nice 10 on one
# thread, export ONNX + model.json + metrics.json and the Swift test fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${MINUTES:-35}"
export OMP_NUM_THREADS=1
nice -n 10 /usr/bin/python3 -m screenrec_training.icons.dataset --out data/icons --cache data/icons/glyphs
nice -n 10 /usr/bin/python3 -m screenrec_training.icons.train --data data/icons --run runs/icons_r1 --minutes "$MINUTES" --threads 1
/usr/bin/python3 -m screenrec_training.icons.export --checkpoint runs/icons_r1/best.pt --data data/icons \
  --out ../Models/icons --fixtures ../Tests/ScreenRecognitionONNXTests/Fixtures/icons \
  --command "MINUTES=$MINUTES bash training/scripts/icons.sh"
