#!/usr/bin/env python3
"""Precision of announced text buttons judged by eye (valid.json) rather than by ui-real's labels.

usage: score.py AUDIT.json ANALYSES.jsonl [--list]

ANALYSES.jsonl: `screenrec analyze` JSON lines of ui-real valid screens. A text button is what
`screenrec eval --announcements` counts (TextButtonMetrics.isTextButton, text only): a leaf element
with the button trait, not a tab, segment, checkbox, radio button or switch, made from a text detection and no
icon or picture. Each is looked up in the audit by image and box (IoU >= 0.5); one the audit has
not seen is reported as unaudited, never counted as right.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from boxmatch import iou  # noqa: E402


def leaves(elements):
    for e in elements:
        if e.get("children"):
            yield from leaves(e["children"])
        else:
            yield e


def is_text_button(e):
    if "button" not in e.get("traits", []) or e["kind"] in ("tabButton", "segment", "checkbox", "radioButton", "toggle"):
        return False
    types = {d["type"] for d in e.get("detections", [])}
    return "text" in types and not types & {"icon", "picture"}


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    audit = json.load(open(argv[1]))["entries"]
    by_image = {}
    for entry in audit:
        by_image.setdefault(entry["image"], []).append(entry)
    counts = {"button": 0, "not": 0, "unsure": 0, "unaudited": 0}
    listed = []
    with open(argv[2]) as f:
        for line in f:
            analysis = json.loads(line)
            if "elements" not in analysis:
                continue
            name = os.path.basename(analysis["image"])
            for e in filter(is_text_button, leaves(analysis["elements"])):
                best = max(by_image.get(name, []), key=lambda a: iou(a["box"], e["frame"]), default=None)
                verdict = best["verdict"] if best and iou(best["box"], e["frame"]) >= 0.5 else "unaudited"
                counts[verdict] += 1
                if verdict != "button":
                    listed.append((verdict, name, e.get("label"), best.get("why", "") if verdict != "unaudited" else ""))
    total = sum(counts.values())
    print(f"text buttons announced: {total}; by eye: {counts['button']} buttons, {counts['not']} not, "
          f"{counts['unsure']} unsure, {counts['unaudited']} not in the audit")
    if total:
        low = counts["button"] / total
        high = (counts["button"] + counts["unsure"] + counts["unaudited"]) / total
        print(f"precision by eye: {low:.3f} (unsure and unaudited counted wrong) to {high:.3f} (counted right)")
    if "--list" in argv:
        for verdict, name, label, why in sorted(listed):
            print(f"  {verdict:9} {label!r:40} {why}  [{name}]")


if __name__ == "__main__":
    main(sys.argv)
