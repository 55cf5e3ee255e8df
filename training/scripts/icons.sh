#!/usr/bin/env bash
# The icon classifier end to end (run from anywhere, as root after scripts/setup.sh): render the
# sets, add the hand-labelled real icons of ui-real when UI_REAL is set (the folder holding
# images/; iOS screenshots held out), train for MINUTES at nice 10, export the last epoch as ONNX
# + model.json + metrics.json and the Swift test fixtures, and recalibrate the unknown threshold on
# two-crop renders of the held-out families. From scratch by default; with INIT_ONNX=path/to/icons.onnx
# it fine-tunes that exported model instead. The shipped seventh model:
#   INIT_ONNX=<the sixth's icons.onnx> UI_REAL=<ui-real> MINUTES=28 LR=1e-3 THREADS=2 bash training/scripts/icons.sh
# (Models/icons/MODEL_CARD.md). Run fetch_assets.sh first: without its photos the sets have no
# photo backgrounds.
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${MINUTES:-35}"
LR="${LR:-3e-3}"
THREADS="${THREADS:-1}"
RUN="${RUN:-icons_r11}"
INIT=()
if [ -n "${INIT_ONNX:-}" ]; then INIT=(--init-onnx "$INIT_ONNX"); fi
REAL=()
if [ -n "${UI_REAL:-}" ]; then
  /usr/bin/python3 -m screenrec_training.icons.real --labels labels/icons-ui-real.json --images "$UI_REAL/images" \
    --out data/icons_real --hold-out ios
  REAL=(--real data/icons_real/real.npz)
fi
export OMP_NUM_THREADS="$THREADS"
nice -n 10 /usr/bin/python3 -m screenrec_training.icons.dataset --out "data/$RUN" --cache data/icons/glyphs --workers 2
nice -n 10 /usr/bin/python3 -m screenrec_training.icons.train --data "data/$RUN" --run "runs/$RUN" --minutes "$MINUTES" \
  --threads "$THREADS" --lr "$LR" "${INIT[@]}" "${REAL[@]}"
/usr/bin/python3 -m screenrec_training.icons.export --checkpoint "runs/$RUN/last.pt" --data "data/$RUN" \
  --out ../Models/icons --fixtures ../Tests/ScreenRecognitionONNXTests/Fixtures/icons \
  --command "MINUTES=$MINUTES LR=$LR THREADS=$THREADS INIT_ONNX=${INIT_ONNX:-} UI_REAL=${UI_REAL:+set} bash training/scripts/icons.sh"
/usr/bin/python3 -m screenrec_training.icons.dataset --out "data/${RUN}_2crops" --cache data/icons/glyphs \
  --splits val,gen --scales 1,1.3 --workers 1
/usr/bin/python3 -m screenrec_training.icons.recalibrate --model ../Models/icons --data "data/${RUN}_2crops"
