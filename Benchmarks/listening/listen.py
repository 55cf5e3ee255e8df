#!/usr/bin/env python3
"""The listening set: real screens a change is judged on, and what changed on them.

    python3 listen.py draw UI_REAL [--train 920] [--seed 1219] > paths.txt
    cat paths.txt | screenrec analyze - --jobs 2 > before.jsonl
    ... change the pipeline, build ...
    cat paths.txt | screenrec analyze - --jobs 2 > after.jsonl
    python3 listen.py diff before.jsonl after.jsonl            # per screen, what is said differently
    python3 listen.py bare after.jsonl [--by-source UI_REAL] [--focused]  # stops with neither label nor value
    python3 listen.py --self-test

`draw` prints image paths: every screen of ui-real's valid split, then `--train` screens of its
train split drawn at random with `--seed` (sorted file names, Python's `random.Random(seed).sample`),
so the same arguments give the same set on any machine. ui-real (CC BY 4.0) is not copied here; the
argument is the folder holding valid.json, train.json and images/.

`diff` flattens each screen's elements (children included) in reading order into their
announcements and prints, for each screen whose announcements differ, the lines only one side
has ("-" before, "+" after); at the end, how many screens changed. Screens that only one file has,
or that failed on one side (a line with "error"), are counted and named.

`bare` counts announced stops (elements and their children that carry an announcement) with neither
a label nor a value, by kind and, with `--by-source`, by ui-real's `source` field. A group's
children are parts of the one stop VoiceOver focuses and spoken in its label, not focused
themselves; `--focused` counts only the top-level elements, the stops a VoiceOver user swipes
through (the transcript, and `screenrec eval`'s label coverage).
"""
import argparse
import json
import os
import random
import sys
from collections import Counter, defaultdict


def draw(ui_real, train, seed):
    paths = []
    for split, n in (("valid", None), ("train", train)):
        with open(os.path.join(ui_real, split + ".json")) as f:
            names = sorted(i["file_name"] for i in json.load(f)["images"])
        if n is not None:
            names = sorted(random.Random(seed).sample(names, min(n, len(names))))
        paths += [os.path.join(ui_real, "images", name) for name in names]
    return paths


def read_jsonl(path):
    screens, failed = {}, []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            record = json.loads(line)
            name = os.path.basename(record.get("image", "") or record.get("path", ""))
            if "error" in record or "elements" not in record:
                failed.append(name)
                continue
            screens[name] = record
    return screens, failed


def stops(elements):
    out = []
    for e in sorted(elements, key=lambda e: e.get("order", 0)):
        out.append(e)
        out += stops(e.get("children", []))
    return out


def said(record):
    return [e["announcement"] for e in stops(record["elements"]) if e.get("announcement")]


def diff(a, b):
    changed = []
    for name in sorted(set(a) & set(b)):
        before, after = said(a[name]), said(b[name])
        if before == after:
            continue
        cb, ca = Counter(before), Counter(after)
        lines = [f"- {t}" for t in before if cb[t] > ca.get(t, 0)]
        lines += [f"+ {t}" for t in after if ca[t] > cb.get(t, 0)]
        if not lines:
            lines = ["~ same announcements, new order"]
        changed.append((name, sorted(set(lines), key=lines.index)))
    return changed


def bare(screens, sources=None, focused=False):
    by_kind, by_source = defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])
    for name, record in screens.items():
        for e in (record["elements"] if focused else stops(record["elements"])):
            if not e.get("announcement"):
                continue
            empty = not e.get("label") and not e.get("value")
            for table, key in ((by_kind, e.get("kind", "?")), (by_source, (sources or {}).get(name, "all"))):
                table[key][0] += empty
                table[key][1] += 1
    return by_kind, by_source


def sources_of(ui_real):
    out = {}
    for split in ("valid", "train"):
        with open(os.path.join(ui_real, split + ".json")) as f:
            out.update({i["file_name"]: i.get("source", "?") for i in json.load(f)["images"]})
    return out


def print_table(title, table):
    total = [sum(v[0] for v in table.values()), sum(v[1] for v in table.values())]
    print(f"{title}: {total[0]} of {total[1]} stops bare ({100 * total[0] / max(total[1], 1):.1f} %)")
    for key, (n, of) in sorted(table.items(), key=lambda kv: -kv[1][1]):
        print(f"  {key:<16} {n:>5} of {of:>5}  {100 * n / max(of, 1):5.1f} %")


def self_test():
    import tempfile

    def el(order, announcement, label="", kind="text", children=()):
        return {"order": order, "announcement": announcement, "label": label, "kind": kind, "children": list(children)}

    with tempfile.TemporaryDirectory() as tmp:
        for split, names in (("valid", ["v1.png", "v2.png"]), ("train", [f"t{i}.png" for i in range(10)])):
            with open(os.path.join(tmp, split + ".json"), "w") as f:
                json.dump({"images": [{"file_name": n, "source": "s" + n[0]} for n in names]}, f)
        one, two = draw(tmp, 3, 7), draw(tmp, 3, 7)
        assert one == two and len(one) == 5, one
        assert [os.path.basename(p) for p in one[:2]] == ["v1.png", "v2.png"], one
        assert len(draw(tmp, 50, 7)) == 12

        a = {"x.png": {"elements": [el(1, "Menu, Button", "Menu"), el(2, "Image", kind="picture")]},
             "y.png": {"elements": [el(1, "Hello", "Hello")]}}
        b = {"x.png": {"elements": [el(1, "Menu, Button", "Menu"), el(2, "Photo of a cat, Image", "Photo of a cat", "picture")]},
             "y.png": {"elements": [el(1, "Hello", "Hello")]}}
        changed = diff(a, b)
        assert changed == [("x.png", ["- Image", "+ Photo of a cat, Image"])], changed
        assert diff(a, a) == []
        nested = {"z.png": {"elements": [el(1, "Row", "Row", "group", [el(2, "Icon", kind="icon")])]}}
        kinds, _ = bare(nested)
        assert kinds["icon"] == [1, 1] and kinds["group"] == [0, 1], dict(kinds)
        kinds, _ = bare(nested, focused=True)
        assert "icon" not in kinds and kinds["group"] == [0, 1], dict(kinds)
        _, by_source = bare(a, {"x.png": "rico", "y.png": "other"})
        assert by_source["rico"] == [1, 2] and by_source["other"] == [0, 1], dict(by_source)

        path = os.path.join(tmp, "a.jsonl")
        with open(path, "w") as f:
            f.write(json.dumps({"image": "/d/x.png", "elements": []}) + "\n")
            f.write(json.dumps({"image": "/d/bad.png", "error": "not an image"}) + "\n")
        screens, failed = read_jsonl(path)
        assert list(screens) == ["x.png"] and failed == ["bad.png"], (screens, failed)
    print("self-test passed")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--self-test", action="store_true")
    sub = ap.add_subparsers(dest="command")
    d = sub.add_parser("draw")
    d.add_argument("ui_real")
    d.add_argument("--train", type=int, default=920)
    d.add_argument("--seed", type=int, default=1219)
    f = sub.add_parser("diff")
    f.add_argument("before")
    f.add_argument("after")
    f.add_argument("--names", action="store_true", help="print only the changed screens' names")
    c = sub.add_parser("bare")
    c.add_argument("jsonl")
    c.add_argument("--by-source", metavar="UI_REAL")
    c.add_argument("--focused", action="store_true",
                   help="count only the elements VoiceOver focuses (top level, as the transcript and eval's label coverage do)")
    args = ap.parse_args()
    if args.self_test:
        self_test()
        return
    if args.command == "draw":
        print("\n".join(draw(args.ui_real, args.train, args.seed)))
    elif args.command == "diff":
        (a, fa), (b, fb) = read_jsonl(args.before), read_jsonl(args.after)
        changed = diff(a, b)
        for name, lines in changed:
            if args.names:
                print(name)
                continue
            print(f"== {name}")
            print("\n".join("   " + line for line in lines))
        only = sorted(set(a) ^ set(b))
        print(f"{len(changed)} of {len(set(a) & set(b))} screens changed; "
              f"{len(only)} in one file only{': ' + ', '.join(only[:10]) if only else ''}; "
              f"failed before {len(fa)}, after {len(fb)}", file=sys.stderr)
    elif args.command == "bare":
        screens, failed = read_jsonl(args.jsonl)
        by_kind, by_source = bare(screens, sources_of(args.by_source) if args.by_source else None, args.focused)
        print_table("by kind", by_kind)
        if args.by_source:
            print_table("by source", by_source)
        if failed:
            print(f"{len(failed)} screens failed: {', '.join(failed[:10])}")
    else:
        ap.print_help()
        sys.exit(2)


if __name__ == "__main__":
    main()
