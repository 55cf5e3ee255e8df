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
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from boxmatch import best_match, by_image, run  # noqa: E402


def parse_value(value):
    """"Page 2 of 5" -> (2, 5); anything else -> None."""
    parts = (value or "").split()
    if len(parts) == 4 and parts[0] == "Page" and parts[2] == "of" and parts[1].isdigit() and parts[3].isdigit():
        return int(parts[1]), int(parts[3])
    return None


def score(labels, analyses):
    found = by_image(analyses, "pageControl")
    results = {}
    for label in labels:
        if label.get("current") is None:
            continue
        split = results.setdefault(label["split"], {"labelled": 0, "exact": 0, "rightPageWrongCount": 0, "wrongPage": 0, "noValue": 0, "notFound": 0})
        split["labelled"] += 1
        match = best_match(label["box"], found.get(label["image"], []))
        if match is None:
            split["notFound"] += 1
            continue
        value = parse_value(match.get("value"))
        if value is None:
            split["noValue"] += 1
        elif value == (label["current"], label["count"]):
            split["exact"] += 1
        elif value[0] == label["current"]:
            split["rightPageWrongCount"] += 1
        else:
            split["wrongPage"] += 1
    return results


def report(results):
    for split, r in sorted(results.items()):
        n = r["labelled"]
        print(f"{split}: {n} labelled page controls — exact {r['exact']} ({100 * r['exact'] / n:.0f} %), "
              f"right page but wrong count {r['rightPageWrongCount']}, wrong page {r['wrongPage']}, "
              f"no value {r['noValue']}, not found {r['notFound']}")


if __name__ == "__main__":
    sys.exit(run(__doc__, os.path.join(HERE, "labels.json"), score, report))
