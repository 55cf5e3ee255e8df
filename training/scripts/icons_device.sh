#!/usr/bin/env bash
# The icon classifier's r3 training on a lent GPU machine (no icon packages, no internet), run from
# the repository root with these git-ignored folders carried over: training/data/icons/glyphs (glyph
# mask cache + manifests, made here by `dataset --splits val,gen` and `dataset.glyph_list("train")`),
# training/data/icons_r3 (val.npz/json: the held-out set that picks the checkpoint) and
# training/data/assets/photos (scripts/fetch_assets.sh). Renders the training set from the cache on
# every core, trains for MINUTES, and leaves the run (best.pt, last.pt, log.jsonl) in $OUT.
#   MINUTES=5.5 WIDTH=24 bash training/scripts/icons_device.sh [--init CHECKPOINT ...]
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${MINUTES:-5.5}"
WIDTH="${WIDTH:-24}"
OUT="${OUT:-runs/icons_device}"
python3 -c "import torch, PIL, numpy; print('torch', torch.__version__, 'cuda', torch.cuda.is_available(), 'PIL', PIL.__version__, 'numpy', numpy.__version__)"
t0=$(date +%s)
if [ ! -f data/icons_r3/train.npz ]; then
  python3 -m screenrec_training.icons.dataset --out data/icons_r3 --cache data/icons/glyphs --splits train \
    --workers "$(nproc)" --cache-only
fi
echo "render: $(( $(date +%s) - t0 )) s"
python3 -m screenrec_training.icons.train --data data/icons_r3 --run "$OUT/run" --minutes "$MINUTES" \
  --width "$WIDTH" --batch 256 --lr 3e-3 "$@"
echo "total: $(( $(date +%s) - t0 )) s"
