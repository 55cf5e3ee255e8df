#!/usr/bin/env python3
"""Scores `screenrec audit`'s pixel rules against generate.py's truth.

    /usr/bin/python3 Benchmarks/contrast-checkset/score.py OUT_DIR [--screenrec .build/release/screenrec] [--detector]

Without --detector each screen is audited with its detections file (the exact text boxes and their
strings): the rules measured apart from the detector and OCR. With --detector the screenshots alone
are audited (detector + OCR), and a truth text counts as flagged when a finding's frame covers at
least half of it. Prints the targets: share of failing texts flagged, share of passing texts flagged,
reported ratio within 10 % of the truth, truncatedText found / false alarms, smallText.
"""
import argparse
import json
import os
import re
import subprocess
import time


def overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    w = min(ax + aw, bx + bw) - max(ax, bx)
    h = min(ay + ah, by + bh) - max(ay, by)
    return max(0, w) * max(0, h)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--screenrec", default=".build/release/screenrec")
    ap.add_argument("--detector", action="store_true")
    a = ap.parse_args()
    truth = json.load(open(os.path.join(a.out, "truth.json")))
    stats = dict(fail=0, fail_flagged=0, pass_=0, pass_flagged=0, ratio_n=0, ratio_ok=0, ratio_flagged_n=0, ratio_flagged_ok=0,
                 trunc=0, trunc_found=0, untrunc=0, trunc_false=0, small=0, small_found=0, notsmall=0, small_false=0,
                 matched=0)
    errors = []
    by_kind = {}
    seconds = []
    for sc in truth["screens"]:
        img = os.path.join(a.out, sc["image"])
        cmd = [a.screenrec, "audit", img, "--format", "json"]
        if not a.detector:
            cmd += ["--detections", img[:-4] + ".detections.json"]
        t0 = time.time()
        r = subprocess.run(cmd, capture_output=True, text=True)
        seconds.append(time.time() - t0)
        rep = json.loads(r.stdout)
        findings = rep["findings"]
        measured = rep.get("texts") or []
        for t in sc["texts"]:
            area = t["box"][2] * t["box"][3]

            def hits(rule):
                return [f for f in findings if f["rule"] == rule and overlap(f["frame"], t["box"]) >= 0.5 * min(area, f["frame"][2] * f["frame"][3])]

            contrast = hits("textContrast")
            k = by_kind.setdefault(t["kind"], [0, 0, 0, 0])
            if t["fails"]:
                stats["fail"] += 1
                k[0] += 1
                if contrast:
                    stats["fail_flagged"] += 1
                    k[1] += 1
                else:
                    errors.append(("missed", sc["image"], t["text"], t["ratio"], t["required"], t["fg"], t["bg"]))
            else:
                stats["pass_"] += 1
                k[2] += 1
                if contrast:
                    stats["pass_flagged"] += 1
                    k[3] += 1
                    errors.append(("false alarm", sc["image"], t["text"], t["ratio"], t["required"], contrast[0]["message"][:160]))
            # The ratio reported: in the finding's message, and among the texts measured.
            for f in contrast:
                m = re.search(r"has contrast ([0-9.]+):1", f["message"])
                if m:
                    stats["ratio_flagged_n"] += 1
                    # The message truncates to one decimal: compare with the truth truncated alike, ± 10 %.
                    stats["ratio_flagged_ok"] += abs(float(m.group(1)) - t["ratio"]) <= 0.1 * t["ratio"] + 0.1
                    break
            ms = [m for m in measured if overlap(m["frame"], t["box"]) >= 0.5 * min(area, m["frame"][2] * m["frame"][3])]
            if ms:
                stats["matched"] += 1
                stats["ratio_n"] += 1
                ok = abs(ms[0]["ratio"] - t["ratio"]) <= 0.1 * t["ratio"]
                stats["ratio_ok"] += ok
                if not ok:
                    errors.append(("ratio", sc["image"], t["text"], t["ratio"], ms[0]["ratio"], t["fg"], t["bg"], ms[0]["foreground"], ms[0]["background"]))
            trunc = hits("truncatedText")
            if t["truncated"]:
                stats["trunc"] += 1
                stats["trunc_found"] += bool(trunc)
                if not trunc:
                    errors.append(("truncation missed", sc["image"], t["text"], t["kind"]))
            else:
                stats["untrunc"] += 1
                stats["trunc_false"] += bool(trunc)
                if trunc:
                    errors.append(("truncation false alarm", sc["image"], t["text"], trunc[0]["message"][:120]))
            small = hits("smallText")
            if t["sizePt"] < (11 if sc["platform"] == "ios" else 12):
                stats["small"] += 1
                stats["small_found"] += bool(small)
            else:
                stats["notsmall"] += 1
                stats["small_false"] += bool(small)

    def pct(n, d):
        return f"{100 * n / d:.1f} % ({n}/{d})" if d else "n/a"

    s = stats
    mode = "detector + OCR (screenshots alone)" if a.detector else "exact boxes (--detections)"
    print(f"{len(truth['screens'])} screens, mode: {mode}")
    print(f"failing texts flagged (target >= 95 %): {pct(s['fail_flagged'], s['fail'])}")
    print(f"passing texts flagged (target <= 5 %):  {pct(s['pass_flagged'], s['pass_'])}")
    print(f"reported ratio within 10 % of truth, flagged texts (target): {pct(s['ratio_flagged_ok'], s['ratio_flagged_n'])}")
    print(f"measured ratio within 10 % of truth, all texts measured:     {pct(s['ratio_ok'], s['ratio_n'])}")
    print(f"texts measured (a text box found on them):                   {pct(s['matched'], s['fail'] + s['pass_'])}")
    print(f"truncatedText: truncated labels found {pct(s['trunc_found'], s['trunc'])}; untruncated texts flagged {pct(s['trunc_false'], s['untrunc'])}")
    print(f"smallText: texts under the minimum found {pct(s['small_found'], s['small'])}; others flagged {pct(s['small_false'], s['notsmall'])}")
    print("by kind (failing flagged / passing flagged): " + ", ".join(
        f"{k} {v[1]}/{v[0]}, {v[3]}/{v[2]}" for k, v in sorted(by_kind.items())))
    seconds.sort()
    print(f"audit wall time per screen (process, median): {seconds[len(seconds) // 2] * 1000:.0f} ms")
    for e in errors[:40]:
        print("  ", *e)


if __name__ == "__main__":
    main()
