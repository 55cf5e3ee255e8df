#!/usr/bin/env python3
"""Scores the page-control values of `screenrec analyze` against labels.json.

    python3 Benchmarks/page-controls/score.py --paths UI_REAL/images > paths.txt
    screenrec analyze - < paths.txt > analyses.jsonl
    python3 Benchmarks/page-controls/score.py analyses.jsonl

A labelled box is matched to the analysis's page control on the same image with the largest
intersection over union (at least 0.5). Each labelled control is then: exact (current page and
count both right), right page with a wrong count, wrong page, no value, or not found (no page
control matched). Per split: "valid" is the set the heuristic was designed on, "train" was
labelled blind afterwards (held out).
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def iou(a, b):
    ax1, ay1, bx1, by1 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    iw = max(0.0, min(ax1, bx1) - max(a[0], b[0]))
    ih = max(0.0, min(ay1, by1) - max(a[1], b[1]))
    inter = iw * ih
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def page_controls(element):
    if element.get("kind") == "pageControl":
        yield element
    for child in element.get("children") or []:
        yield from page_controls(child)


def parse_value(value):
    """"Page 2 of 5" -> (2, 5); anything else -> None."""
    parts = (value or "").split()
    if len(parts) == 4 and parts[0] == "Page" and parts[2] == "of" and parts[1].isdigit() and parts[3].isdigit():
        return int(parts[1]), int(parts[3])
    return None


def score(labels, analyses):
    found = {}
    for a in analyses:
        name = os.path.basename(a.get("image", ""))
        found[name] = [pc for e in a.get("elements", []) for pc in page_controls(e)]
    results = {}
    for label in labels:
        if label.get("current") is None:
            continue
        split = results.setdefault(label["split"], {"labelled": 0, "exact": 0, "rightPageWrongCount": 0, "wrongPage": 0, "noValue": 0, "notFound": 0})
        split["labelled"] += 1
        candidates = [(iou(label["box"], pc["frame"]), pc) for pc in found.get(label["image"], [])]
        best = max(candidates, key=lambda t: t[0], default=(0.0, None))
        if best[0] < 0.5:
            split["notFound"] += 1
            continue
        value = parse_value(best[1].get("value"))
        if value is None:
            split["noValue"] += 1
        elif value == (label["current"], label["count"]):
            split["exact"] += 1
        elif value[0] == label["current"]:
            split["rightPageWrongCount"] += 1
        else:
            split["wrongPage"] += 1
    return results


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("analyses", nargs="?", help="JSON lines from `screenrec analyze -`")
    p.add_argument("--labels", default=os.path.join(HERE, "labels.json"))
    p.add_argument("--paths", metavar="IMAGES_DIR", help="print the labelled images' paths under IMAGES_DIR and stop")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    labels = json.load(open(args.labels))["labels"]
    if args.paths:
        for name in sorted({l["image"] for l in labels}):
            print(os.path.join(args.paths, name))
        return 0
    if not args.analyses:
        p.error("give the analyses (JSON lines) or --paths")
    analyses = [json.loads(line) for line in open(args.analyses) if line.strip()]
    results = score(labels, analyses)
    if args.json:
        print(json.dumps(results, indent=1, sort_keys=True))
        return 0
    for split, r in sorted(results.items()):
        n = r["labelled"]
        print(f"{split}: {n} labelled page controls — exact {r['exact']} ({100 * r['exact'] / n:.0f} %), "
              f"right page but wrong count {r['rightPageWrongCount']}, wrong page {r['wrongPage']}, "
              f"no value {r['noValue']}, not found {r['notFound']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
