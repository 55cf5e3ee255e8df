"""Sets how an exported icon classifier reads an icon — the box scales it is cropped at
(`input.crop.scales`, one crop each, probabilities combined as ``preprocess.combine`` does) — and
chooses its unknown threshold for those crops on the held-out families, by the rule ``export.py``
uses (``choose_threshold``). Rewrites the model folder's model.json (scales, threshold) and
metrics.json (results and curve for those crops; the one-crop results kept as ``oneCrop``).

    python3 -m screenrec_training.icons.dataset --out data/icons_2crops --cache data/icons/glyphs \\
        --splits val,gen --scales 1,1.3
    python3 -m screenrec_training.icons.recalibrate --model ../Models/icons --data data/icons_2crops

The sets must be rendered with the same scales (``dataset.py --scales``); their first scale should
be 1, the crop the contrast test and the parity fixtures use.
"""
from __future__ import annotations

import argparse
import json
import os

import onnxruntime as ort

from .export import evaluate_sets


def recalibrate(model_dir: str, data: str) -> dict:
    meta = json.load(open(os.path.join(data, "val.json")))
    scales = meta.get("scales")
    if not scales:
        raise SystemExit(f"{data}/val.json has no scales: render the sets with dataset.py --scales")
    contract_path = os.path.join(model_dir, "model.json")
    contract = json.load(open(contract_path))
    sess = ort.InferenceSession(os.path.join(model_dir, contract["file"]))
    results, threshold, curve = evaluate_sets(sess, data, classes=contract["classes"])
    contract["input"]["crop"]["scales"] = list(scales)
    contract["input"]["crop"]["combine"] = ("one crop per scale of the box (scaled about its centre, then cropped as above); "
                                            "probabilities combined by their geometric mean (each floored at 1e-6), renormalised")
    contract["unknownThreshold"] = threshold
    with open(contract_path, "w") as f:
        json.dump(contract, f, indent=1)
    metrics_path = os.path.join(model_dir, "metrics.json")
    metrics = json.load(open(metrics_path)) if os.path.exists(metrics_path) else {}
    if "oneCrop" not in metrics and "results" in metrics:
        metrics["oneCrop"] = {"results": metrics["results"], "thresholdCurve": metrics.get("thresholdCurve")}
    metrics.update({"results": results, "thresholdCurve": [list(r) for r in curve], "scales": list(scales),
                    "recalibrateCommand": f"python3 -m screenrec_training.icons.recalibrate --model {model_dir} --data {data}"})
    with open(metrics_path, "w") as f:
        json.dump(metrics, f, indent=1)
    return {"scales": scales, "threshold": threshold, "val": results["val"]["atThreshold"], "gen": results["gen"]["atThreshold"]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", required=True, help="the exported model folder (model.json, the ONNX file, metrics.json)")
    p.add_argument("--data", required=True, help="val/gen sets rendered with dataset.py --scales")
    a = p.parse_args()
    print(json.dumps(recalibrate(a.model, a.data), indent=1))


if __name__ == "__main__":
    main()
