"""What the labelled-box scorers of Benchmarks/ share: matching a labelled box to the element of
`screenrec analyze` output it stands for, and the command line they all take.

A scorer lives in its benchmark's folder and imports this file from the folder above
(`sys.path`), so each stays runnable as `python3 Benchmarks/NAME/score.py`.
"""
import argparse
import json
import os


def iou(a, b):
    """Intersection over union of two [x, y, width, height] boxes."""
    ax1, ay1, bx1, by1 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    iw = max(0.0, min(ax1, bx1) - max(a[0], b[0]))
    ih = max(0.0, min(ay1, by1) - max(a[1], b[1]))
    inter = iw * ih
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def of_kind(element, kind):
    """`element` and its descendants whose kind is `kind` (one kind, or a tuple of kinds)."""
    if element.get("kind") in ((kind,) if isinstance(kind, str) else kind):
        yield element
    for child in element.get("children") or []:
        yield from of_kind(child, kind)


def by_image(analyses, kind):
    """Image file name -> the analysis's elements of `kind` (one or a tuple; at any depth)."""
    return {
        os.path.basename(a.get("image", "")): [x for e in a.get("elements", []) for x in of_kind(e, kind)]
        for a in analyses
    }


def best_match(box, candidates, min_iou=0.5):
    """The candidate element whose frame overlaps `box` most, if by at least `min_iou`; else None."""
    overlap, element = max(((iou(box, c["frame"]), c) for c in candidates), key=lambda t: t[0], default=(0.0, None))
    return element if overlap >= min_iou else None


def run(doc, labels_path, score, report):
    """The scorers' command line: ANALYSES.jsonl [--labels] [--paths IMAGES_DIR] [--json].
    `score(labels, analyses)` returns results by split; `report(results)` prints them."""
    p = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("analyses", nargs="?", help="JSON lines from `screenrec analyze -`")
    p.add_argument("--labels", default=labels_path)
    p.add_argument("--paths", metavar="IMAGES_DIR", help="print the labelled images' paths under IMAGES_DIR and stop")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    with open(args.labels, encoding="utf-8") as f:
        labels = json.load(f)["labels"]
    if args.paths:
        for name in sorted({label["image"] for label in labels}):
            print(os.path.join(args.paths, name))
        return 0
    if not args.analyses:
        p.error("give the analyses (JSON lines) or --paths IMAGES_DIR")
    with open(args.analyses, encoding="utf-8") as f:
        analyses = [json.loads(line) for line in f if line.strip()]
    results = score(labels, analyses)
    if args.json:
        print(json.dumps(results, indent=1, sort_keys=True))
    else:
        report(results)
    return 0
