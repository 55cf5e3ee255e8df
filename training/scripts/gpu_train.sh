#!/usr/bin/env bash
# One chunk of detector training on a lent GPU machine (detector v2). Runs from the repository root
# there, with the data shards of scripts/pack_shards.py in .pack/ (carried), and writes to $OUT:
# per run a slim checkpoint (the EMA weights + config, what export.py takes and --init resumes
# from) and its log. Several runs (e.g. input sizes) train side by side on the one GPU.
#   bash training/scripts/gpu_train.sh MINUTES WORKERS "NAME:KEY=VALUE,KEY=VALUE" ... [-- extra train args]
# The shards are unpacked and the full run folders kept in $SCRATCH (default: a new temporary folder).
set -euo pipefail
minutes=$1; workers=$2; shift 2
scratch=${SCRATCH:-$(mktemp -d)}
mkdir -p "$scratch" && scratch=$(cd "$scratch" && pwd)   # absolute: the runs start in training/
data=$scratch/data
mkdir -p "$data"
for t in .pack/*/*.tar .pack/*.tar; do [ -f "$t" ] && tar -xf "$t" -C "$data"; done
ls "$data"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader || true
runs=(); extra=()
while (($#)); do
    if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
    runs+=("$1"); shift
done
cd training
pids=()
for spec in "${runs[@]}"; do
    name=${spec%%:*}; sets=${spec#*:}
    args=()
    IFS=',' read -ra kv <<<"$sets"
    for x in "${kv[@]}"; do [ -n "$x" ] && args+=(--set "$x"); done
    PYTHONUNBUFFERED=1 python3 -m screenrec_training.train --config configs/lite0_fpn64_320x640.json \
        --ui-real "$data/ui-real" --synthetic "$data/synth" --run "$scratch/runs/$name" --device cuda --amp \
        ${INIT:+--init "$INIT"} --time-schedule --max-minutes "$minutes" --workers "$workers" --threads 2 --log-every 50 \
        --eval-every-minutes 100 --save-every-minutes 100 "${args[@]}" "${extra[@]}" > "$OUT/$name.log" 2>&1 &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || echo "a run failed (see its log)"; done
for spec in "${runs[@]}"; do
    name=${spec%%:*}
    python3 - "$name" "$scratch/runs/$name/last.pt" <<'PY'
import os, sys, torch
name = sys.argv[1]
ck = torch.load(sys.argv[2], map_location="cpu", weights_only=False)
slim = {k: ck[k] for k in ("model", "config", "iter", "epoch", "best", "classes")}
slim.update({"pos": 0, "optimizer": None})
torch.save(slim, os.path.join(os.environ["OUT"], f"{name}.pt"))
print(name, "iter", ck["iter"], "saved", os.path.getsize(os.path.join(os.environ["OUT"], f"{name}.pt")) // 1024, "KiB")
PY
done
