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
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from boxmatch import best_match, by_image, run  # noqa: E402


def score(labels, analyses):
    found = by_image(analyses, ("checkbox", "radioButton"))  # a ring in a group of one choice is a radio button
    results = {}
    for label in labels:
        if label.get("checked") is None:
            continue
        split = results.setdefault(label["split"], {"labelled": 0, "right": 0, "wrong": 0, "noValue": 0, "notFound": 0})
        split["labelled"] += 1
        match = best_match(label["box"], found.get(label["image"], []))
        value = match.get("value") if match else None
        if match is None:
            split["notFound"] += 1
        elif value not in ("Checked", "Unchecked"):
            split["noValue"] += 1
        elif (value == "Checked") == label["checked"]:
            split["right"] += 1
        else:
            split["wrong"] += 1
    return results


def report(results):
    for name, r in sorted(results.items()):
        share = 100.0 * r["right"] / r["labelled"] if r["labelled"] else 0.0
        print(f"{name}: {r['right']} of {r['labelled']} right ({share:.1f} %), wrong {r['wrong']}, no value {r['noValue']}, not found {r['notFound']}")


if __name__ == "__main__":
    sys.exit(run(__doc__, os.path.join(HERE, "labels.json"), score, report))
