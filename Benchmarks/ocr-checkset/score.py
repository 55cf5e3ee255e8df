#!/usr/bin/env python3
"""Scores OCR output against the check set's ground truth.

    python3 score.py truth.json OCR_DIR            # human-readable report
    python3 score.py truth.json OCR_DIR --json     # the same figures as JSON
    python3 score.py truth.json --analysis A.jsonl # what `screenrec analyze` says (its JSON lines)
    python3 score.py --self-test

OCR_DIR holds one JSON file per screen, named after the image (screen-01.png -> screen-01.json),
in the format `screenrec ocr IMAGE --format json` prints:

    {"lines": [{"text": "Wi-Fi", "box": [x, y, w, h], "confidence": 0.97}, ...]}

Lines may also carry "words": [{"text", "box", ...}]; then only words whose box overlaps a truth line
count for it. A missing file counts as "read nothing".

Rules (the figures mean exactly this):
- A truth *word* is a whitespace-separated token of a truth line that contains at least one letter
  or digit ("·" and "-" used as separators are not words; "$12.99", "O'Brien", "9:41" are).
- An OCR line *overlaps* a truth line when their boxes intersect horizontally and their vertical
  overlap is at least half the smaller height (truth boxes are the DOM's line boxes, OCR boxes are
  usually tighter, so the smaller height is the OCR one).
- For each truth line, the words of every overlapping OCR line (left to right, top to bottom) are
  aligned with the truth words (longest common subsequence); a truth word is *read* when it is
  aligned with an OCR word that equals it exactly (case and punctuation included). The *loose*
  figure compares words lower-cased with everything but letters and digits removed.
- A button line (white text on a coloured button) is *read* when all its words are read exactly.
- A *false positive* is an OCR line that overlaps no truth line (icons read as "@", noise).
"""
import argparse
import json
import os
import re
import sys
import unicodedata
from collections import defaultdict

ALNUM = re.compile(r"\w", re.UNICODE)


def is_word(tok):
    return any(ch.isalnum() for ch in tok)


def loose(tok):
    tok = unicodedata.normalize("NFKC", tok).lower()
    return "".join(ch for ch in tok if ch.isalnum())


def words_of(text):
    return [t for t in text.split() if is_word(t)]


def overlaps(a, b, min_v=0.5):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    if ax >= bx + bw or bx >= ax + aw:
        return False
    v = min(ay + ah, by + bh) - max(ay, by)
    return v > 0 and v >= min_v * min(ah, bh)


def lcs_matches(truth, ocr, key):
    """Indices of truth words matched by a longest common subsequence under `key`."""
    tk = [key(t) for t in truth]
    ok = [key(o) for o in ocr]
    n, m = len(tk), len(ok)
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if tk[i] == ok[j] and tk[i] != "":
                dp[i][j] = dp[i + 1][j + 1] + 1
            else:
                dp[i][j] = max(dp[i + 1][j], dp[i][j + 1])
    matched, i, j = set(), 0, 0
    while i < n and j < m:
        if tk[i] == ok[j] and tk[i] != "":
            matched.add(i)
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            i += 1
        else:
            j += 1
    return matched


def candidate_words(tbox, ocr_lines):
    """Words of the OCR lines overlapping `tbox`, in reading order."""
    hits = [o for o in ocr_lines if overlaps(tbox, o["box"])]
    hits.sort(key=lambda o: (round(o["box"][1] / 10), o["box"][0]))
    out = []
    for o in hits:
        if o.get("words"):
            ws = [w for w in o["words"] if w["box"][0] < tbox[0] + tbox[2] and tbox[0] < w["box"][0] + w["box"][2]]
            ws.sort(key=lambda w: w["box"][0])
            out += [t for w in ws for t in w["text"].split()]
        else:
            out += o["text"].split()
    return out


def size_bucket(pt):
    return f"{pt:g} pt"


def score_screen(screen, ocr):
    ocr_lines = [l for l in ocr.get("lines", []) if l.get("text", "").strip()]
    res = {"image": screen["image"], "mode": screen.get("mode"), "font": screen.get("font"),
           "words": 0, "exact": 0, "loose": 0, "buttonLines": 0, "buttonLinesRead": 0,
           "buttonLinesReadLoose": 0, "unreadButtons": [], "falsePositives": [], "ocrLines": len(ocr_lines),
           "bySize": defaultdict(lambda: [0, 0, 0]), "byKind": defaultdict(lambda: [0, 0, 0]), "missed": []}
    for t in screen["lines"]:
        tw = words_of(t["text"])
        if not tw:
            continue
        cands = candidate_words(t["box"], ocr_lines)
        exact = lcs_matches(tw, cands, key=lambda s: s)
        lo = lcs_matches(tw, cands, key=loose)
        res["words"] += len(tw)
        res["exact"] += len(exact)
        res["loose"] += len(lo)
        for bucket, name in ((res["bySize"], size_bucket(t.get("sizePt", 0))), (res["byKind"], t.get("kind", "?"))):
            bucket[name][0] += len(tw)
            bucket[name][1] += len(exact)
            bucket[name][2] += len(lo)
        if len(exact) < len(tw):
            res["missed"].append({"truth": t["text"], "ocr": " ".join(cands), "box": t["box"]})
        if t.get("onColouredButton"):
            res["buttonLines"] += 1
            if len(exact) == len(tw):
                res["buttonLinesRead"] += 1
            else:
                res["unreadButtons"].append({"image": screen["image"], "truth": t["text"], "ocr": " ".join(cands)})
            if len(lo) == len(tw):
                res["buttonLinesReadLoose"] += 1
    for o in ocr_lines:
        if not any(overlaps(t["box"], o["box"]) for t in screen["lines"]):
            res["falsePositives"].append({"image": screen["image"], "text": o["text"], "box": o["box"],
                                          "confidence": o.get("confidence")})
    return res


def score(truth, ocr_by_image):
    screens = [score_screen(s, ocr_by_image.get(s["image"], {"lines": []})) for s in truth["screens"]]
    total = {"words": 0, "exact": 0, "loose": 0, "buttonLines": 0, "buttonLinesRead": 0, "buttonLinesReadLoose": 0,
             "falsePositiveLines": 0, "ocrLines": 0}
    by_size, by_kind, by_mode, by_font = (defaultdict(lambda: [0, 0, 0]) for _ in range(4))
    for s in screens:
        for k in ("words", "exact", "loose", "buttonLines", "buttonLinesRead", "buttonLinesReadLoose", "ocrLines"):
            total[k] += s[k]
        total["falsePositiveLines"] += len(s["falsePositives"])
        for src, dst in ((s["bySize"], by_size), (s["byKind"], by_kind)):
            for name, v in src.items():
                for i in range(3):
                    dst[name][i] += v[i]
        for dst, name in ((by_mode, s["mode"]), (by_font, s["font"])):
            dst[name][0] += s["words"]
            dst[name][1] += s["exact"]
            dst[name][2] += s["loose"]
    pct = lambda a, b: round(100.0 * a / b, 2) if b else None
    table = lambda d, order=None: {k: {"words": v[0], "exact": v[1], "loose": v[2], "exactPct": pct(v[1], v[0]),
                                       "loosePct": pct(v[2], v[0])}
                                   for k, v in sorted(d.items(), key=order or (lambda kv: kv[0]))}
    total["exactPct"] = pct(total["exact"], total["words"])
    total["loosePct"] = pct(total["loose"], total["words"])
    return {
        "total": total,
        "screens": [{k: (v if k not in ("bySize", "byKind") else None) for k, v in s.items()
                     if k not in ("bySize", "byKind")} | {"exactPct": pct(s["exact"], s["words"]),
                                                           "loosePct": pct(s["loose"], s["words"])} for s in screens],
        "bySize": table(by_size, order=lambda kv: float(kv[0].split()[0])),
        "byKind": table(by_kind),
        "byMode": table(by_mode),
        "byFont": table(by_font),
        "unreadButtons": [b for s in screens for b in s["unreadButtons"]],
        "falsePositives": [f for s in screens for f in s["falsePositives"]],
    }


def load_ocr_dir(truth, ocr_dir):
    out = {}
    for s in truth["screens"]:
        path = os.path.join(ocr_dir, os.path.splitext(s["image"])[0] + ".json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                out[s["image"]] = json.load(f)
        else:
            print(f"warning: no OCR output {path}; counted as empty", file=sys.stderr)
    return out


def load_analysis(truth, path):
    """What `screenrec analyze` says, as OCR lines: the texts of every leaf element's detections
    (a group's detections repeat its children's), from the JSON lines `analyze` writes."""
    by_stem = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            a = json.loads(line)
            lines = []

            def walk(elements):
                for e in elements:
                    if e.get("children"):
                        walk(e["children"])
                        continue
                    for d in e.get("detections", []):
                        if d.get("text"):
                            lines.append({"text": d["text"], "box": d["box"], "confidence": d.get("confidence")})

            walk(a.get("elements", []))
            by_stem[os.path.splitext(os.path.basename(a.get("image", "")))[0]] = {"lines": lines}
    out = {}
    for s in truth["screens"]:
        stem = os.path.splitext(s["image"])[0]
        if stem in by_stem:
            out[s["image"]] = by_stem[stem]
        else:
            print(f"warning: no analysis of {s['image']} in {path}; counted as empty", file=sys.stderr)
    return out


def report(r, show_missed=False):
    t = r["total"]
    lines = []
    lines.append(f"Word accuracy: {t['exactPct']}% exact ({t['exact']}/{t['words']}), "
                 f"{t['loosePct']}% ignoring case and punctuation ({t['loose']}/{t['words']})")
    lines.append(f"Button lines read: {t['buttonLinesRead']}/{t['buttonLines']} exact, "
                 f"{t['buttonLinesReadLoose']}/{t['buttonLines']} loose")
    lines.append(f"False-positive OCR lines: {t['falsePositiveLines']} of {t['ocrLines']}")
    lines.append("")
    lines.append(f"{'screen':14s} {'mode':5s} {'font':16s} {'words':>5s} {'exact%':>7s} {'loose%':>7s} {'buttons':>8s} {'FP':>3s}")
    for s in r["screens"]:
        lines.append(f"{s['image']:14s} {s['mode']:5s} {s['font']:16s} {s['words']:5d} {s['exactPct']:7.1f} "
                     f"{s['loosePct']:7.1f} {s['buttonLinesRead']:>3d}/{s['buttonLines']:<4d} {len(s['falsePositives']):3d}")
    for title, key in (("By size", "bySize"), ("By kind of text", "byKind"), ("By mode", "byMode"), ("By font", "byFont")):
        lines.append("")
        lines.append(f"{title}:")
        for name, v in r[key].items():
            lines.append(f"  {name:18s} {v['words']:5d} words  {v['exactPct']:6.1f}% exact  {v['loosePct']:6.1f}% loose")
    lines.append("")
    lines.append("Button lines not read exactly:" + ("" if r["unreadButtons"] else " none"))
    for b in r["unreadButtons"]:
        lines.append(f"  {b['image']}: {b['truth']!r} -> OCR {b['ocr']!r}")
    lines.append("")
    lines.append("False positives:" + ("" if r["falsePositives"] else " none"))
    for f in r["falsePositives"]:
        conf = f"{f['confidence']:.2f}" if isinstance(f.get("confidence"), (int, float)) else "?"
        lines.append(f"  {f['image']}: {f['text']!r} at {[round(v) for v in f['box']]} conf {conf}")
    if show_missed:
        lines.append("")
        lines.append("Truth lines not fully read:")
        for s in r["screens"]:
            for m in s["missed"]:
                lines.append(f"  {s['image']}: {m['truth']!r} -> OCR {m['ocr']!r}")
    return "\n".join(lines)


def self_test():
    truth = {"screens": [{"image": "a.png", "mode": "light", "font": "X", "lines": [
        {"text": "Wi-Fi", "box": [10, 10, 100, 30], "onColouredButton": False, "sizePt": 17, "kind": "cell"},
        {"text": "HomeNet 5G", "box": [300, 10, 150, 30], "onColouredButton": False, "sizePt": 17, "kind": "value"},
        {"text": "Qty 2 · $5.00 each", "box": [10, 60, 300, 24], "onColouredButton": False, "sizePt": 15, "kind": "secondary"},
        {"text": "Buy Now", "box": [100, 200, 200, 40], "onColouredButton": True, "sizePt": 17, "kind": "button"},
        {"text": "Sign In", "box": [100, 300, 200, 40], "onColouredButton": True, "sizePt": 17, "kind": "button"},
    ]}]}
    ocr = {"a.png": {"lines": [
        # One OCR line spanning two truth lines on a row: both get their words.
        {"text": "Wi-Fi HomeNet 56", "box": [12, 14, 430, 22], "confidence": 0.9},
        {"text": "qty 2 - $5.00 each", "box": [12, 62, 280, 18], "confidence": 0.8},
        {"text": "Buy Now", "box": [150, 208, 100, 24], "confidence": 0.95},
        {"text": "©", "box": [500, 500, 20, 20], "confidence": 0.3},
    ]}}
    r = score(truth, ocr)
    t = r["total"]
    # Words: Wi-Fi, HomeNet, 5G, Qty, 2, $5.00, each, Buy, Now, Sign, In = 11 ("·" is no word).
    assert t["words"] == 11, t
    # Exact: Wi-Fi, HomeNet, 2, $5.00, each, Buy, Now = 7 (5G read as 56; Qty as qty; Sign In missed).
    assert t["exact"] == 7, t
    # Loose adds "Qty" = 8.
    assert t["loose"] == 8, t
    assert (t["buttonLines"], t["buttonLinesRead"]) == (2, 1), t
    assert [b["truth"] for b in r["unreadButtons"]] == ["Sign In"], r["unreadButtons"]
    assert [f["text"] for f in r["falsePositives"]] == ["©"], r["falsePositives"]
    assert r["bySize"]["15 pt"]["exact"] == 3 and r["bySize"]["15 pt"]["loose"] == 4, r["bySize"]
    # Word boxes, when given, keep another line's words out.
    ocr2 = {"a.png": {"lines": [{"text": "Wi-Fi HomeNet", "box": [12, 14, 430, 22], "confidence": 0.9,
                                 "words": [{"text": "Wi-Fi", "box": [12, 14, 90, 22]},
                                           {"text": "HomeNet", "box": [302, 14, 100, 22]}]}]}}
    truth2 = {"screens": [{"image": "a.png", "mode": "dark", "font": "X", "lines": [
        {"text": "HomeNet", "box": [10, 10, 100, 30], "onColouredButton": False, "sizePt": 17},
        {"text": "HomeNet", "box": [300, 10, 150, 30], "onColouredButton": False, "sizePt": 17}]}]}
    assert score(truth2, ocr2)["total"]["exact"] == 1
    assert score(truth2, {})["total"]["exact"] == 0
    # An analysis: a group's detections repeat its children's and are read from the leaves only.
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        leaf = {"children": [], "detections": [{"text": "HomeNet", "box": [302, 14, 100, 22]}]}
        f.write(json.dumps({"image": "dir/a.jpg", "elements": [
            {"children": [leaf], "detections": leaf["detections"]},
            {"children": [], "detections": [{"box": [0, 0, 5, 5]}]}]}) + "\n")
    analysed = load_analysis(truth2, f.name)
    os.unlink(f.name)
    assert analysed == {"a.png": {"lines": [{"text": "HomeNet", "box": [302, 14, 100, 22], "confidence": None}]}}, analysed
    assert score(truth2, analysed)["total"]["exact"] == 1
    print(report(r))
    print("\nself-test passed")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("truth", nargs="?")
    ap.add_argument("ocr_dir", nargs="?")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--missed", action="store_true", help="also list every truth line not fully read")
    ap.add_argument("--analysis", metavar="JSONL",
                    help="score what `screenrec analyze` says (its JSON lines output) instead of an OCR directory")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        self_test()
        return
    if not args.truth or not (args.ocr_dir or args.analysis) or (args.ocr_dir and args.analysis):
        ap.error("a truth file and either an OCR directory or --analysis JSONL are required")
    with open(args.truth, encoding="utf-8") as f:
        truth = json.load(f)
    ocr = load_analysis(truth, args.analysis) if args.analysis else load_ocr_dir(truth, args.ocr_dir)
    r = score(truth, ocr)
    if args.json:
        for s in r["screens"]:
            s.pop("bySize", None)
            s.pop("byKind", None)
        print(json.dumps(r, indent=1, ensure_ascii=False))
    else:
        print(report(r, show_missed=args.missed))


if __name__ == "__main__":
    import signal
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` is fine
    main()
