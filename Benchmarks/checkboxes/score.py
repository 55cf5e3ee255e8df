#!/usr/bin/env python3
"""Scores the checkbox states of `screenrec analyze` against labels.json.

    python3 Benchmarks/checkboxes/score.py --paths UI_REAL/images > paths.txt
    screenrec analyze - < paths.txt > analyses.jsonl
    python3 Benchmarks/checkboxes/score.py analyses.jsonl

A labelled box is matched to the analysis's checkbox on the same image with the largest
intersection over union (at least 0.5). Each labelled checkbox is then right (the value
"Checked" or "Unchecked" agrees with the label), wrong, without a value, or not found. Per split:
"design" is the set the rule was written on, "held-out" was judged blind afterwards.
"""
import argparse
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def iou(a, b):
    ax1, ay1, bx1, by1 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    iw = max(0.0, min(ax1, bx1) - max(a[0], b[0]))
    ih = max(0.0, min(ay1, by1) - max(a[1], b[1]))
    inter = iw * ih
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def checkboxes(element):
    if element.get("kind") == "checkbox":
        yield element
    for child in element.get("children") or []:
        yield from checkboxes(child)


def score(labels, analyses):
    found = {}
    for a in analyses:
        name = os.path.basename(a.get("image", ""))
        found[name] = [c for e in a.get("elements", []) for c in checkboxes(e)]
    results = {}
    for label in labels:
        if label.get("checked") is None:
            continue
        split = results.setdefault(label["split"], {"labelled": 0, "right": 0, "wrong": 0, "noValue": 0, "notFound": 0})
        split["labelled"] += 1
        candidates = [(iou(label["box"], c["frame"]), c) for c in found.get(label["image"], [])]
        best = max(candidates, key=lambda t: t[0], default=(0.0, None))
        if best[0] < 0.5:
            split["notFound"] += 1
            continue
        value = best[1].get("value")
        if value not in ("Checked", "Unchecked"):
            split["noValue"] += 1
        elif (value == "Checked") == label["checked"]:
            split["right"] += 1
        else:
            split["wrong"] += 1
    return results


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("analyses", nargs="?", help="JSON lines from `screenrec analyze -`")
    p.add_argument("--labels", default=os.path.join(HERE, "labels.json"))
    p.add_argument("--paths", metavar="IMAGES_DIR", help="print the labelled images' paths under IMAGES_DIR and stop")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    labels = json.load(open(args.labels, encoding="utf-8"))["labels"]
    if args.paths:
        for name in sorted({label["image"] for label in labels}):
            print(os.path.join(args.paths, name))
        return
    if not args.analyses:
        p.error("give the analyses (JSON lines) or --paths IMAGES_DIR")
    with open(args.analyses, encoding="utf-8") as f:
        analyses = [json.loads(line) for line in f if line.strip()]
    results = score(labels, analyses)
    if args.json:
        print(json.dumps(results, indent=1, sort_keys=True))
        return
    for name, r in sorted(results.items()):
        share = 100.0 * r["right"] / r["labelled"] if r["labelled"] else 0.0
        print(f"{name}: {r['right']} of {r['labelled']} right ({share:.1f} %), wrong {r['wrong']}, no value {r['noValue']}, not found {r['notFound']}")


if __name__ == "__main__":
    main()
