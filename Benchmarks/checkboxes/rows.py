"""Checkbox rows found: how many of a COCO set's CheckedTextView boxes (ui-real's checkbox and
radio rows) an analysis announces as a checkbox, radio button or switch.

A box counts as found when the middle of the box lies inside an announced element (at any
depth) whose kind is checkbox, radioButton or toggle. Images the analysis does not hold are skipped.

    python3 Benchmarks/checkboxes/rows.py --paths IMAGES COCO.json | screenrec analyze - > ANALYSIS.jsonl
    python3 Benchmarks/checkboxes/rows.py ANALYSIS.jsonl COCO.json [--misses]

The first line lists the images that have such rows; ANALYSIS.jsonl is `screenrec analyze` batch
output (one JSON object per image).
"""
import argparse
import json
import os


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("analysis", nargs="?", help="screenrec analyze output (JSON lines)")
    p.add_argument("coco")
    p.add_argument("--misses", action="store_true", help="list the rows not found")
    p.add_argument("--paths", metavar="IMAGES", help="print the paths of the images with rows, in IMAGES, and stop")
    a = p.parse_args()
    coco = json.load(open(a.coco))
    names = {c["id"]: c["name"] for c in coco["categories"]}
    files = {i["id"]: i["file_name"] for i in coco["images"]}
    rows = {}
    for ann in coco["annotations"]:
        if names[ann["category_id"]] == "CheckedTextView":
            rows.setdefault(files[ann["image_id"]], []).append(ann["bbox"])
    if a.paths:
        for name in sorted(rows):
            print(os.path.join(a.paths, name))
        return
    if not a.analysis:
        p.error("give the analysis file (or --paths IMAGES)")
    found = total = 0
    for line in open(a.analysis):
        r = json.loads(line)
        name = os.path.basename(r["image"])
        if name not in rows or "elements" not in r:
            continue
        flat = []

        def walk(es):
            for e in es:
                flat.append(e)
                walk(e.get("children", []))

        walk(r["elements"])
        for x, y, w, h in rows[name]:
            cx, cy = x + w / 2, y + h / 2
            total += 1
            hit = any(e["kind"] in ("checkbox", "radioButton", "toggle") and e["frame"][0] <= cx <= e["frame"][0] + e["frame"][2]
                      and e["frame"][1] <= cy <= e["frame"][1] + e["frame"][3] for e in flat)
            found += hit
            if not hit and a.misses:
                print(f"  not found: {name} {[round(v) for v in (x, y, w, h)]}")
    print(f"checkbox rows: {found} of {total} announced as a checkbox or switch ({100 * found / max(1, total):.1f} %)")


if __name__ == "__main__":
    main()
