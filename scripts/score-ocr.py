#!/usr/bin/env python3
"""Scores OCR output against scripts/make-ocr-bench-screens.py's ground truth.

Usage: scripts/score-ocr.py OCR_DIR TRUTH_DIR
  OCR_DIR holds NAME.ocr.json for each TRUTH_DIR/NAME.json: a JSON array of RecognizedText
  ({text, box: [x, y, w, h], confidence, words: [{text, box, confidence}]}).
Prints word accuracy (a ground-truth word counts when a recognised word has exactly its text; words
are matched first among boxes overlapping by IoU > 0.3, then anywhere on the screen), the mean IoU of
matched word boxes, the mean best IoU of each ground-truth line, and how many white-on-colour button
labels were read exactly with their box (IoU > 0.5).
"""
import json, glob, sys, collections, unicodedata
outdir = sys.argv[1]
gtdir = sys.argv[2]
def iou(a, b):
    ax0, ay0, aw, ah = a; bx0, by0, bw, bh = b
    ix = max(0, min(ax0+aw, bx0+bw) - max(ax0, bx0)); iy = max(0, min(ay0+ah, by0+bh) - max(ay0, by0))
    i = ix*iy; u = aw*ah + bw*bh - i
    return i/u if u > 0 else 0
BUTTONS = set(['Continue','Sign In','Get Started','Delete Account','Save Changes','Try Again','Add to Cart','Buy Now','Subscribe','Share','Log Out','Done','Cancel','Next','Open','Download','Edit'])
tot = hit = 0; missed = []; extra = []; ious = []; lineious = []; btn_total = btn_ok = 0
for g in sorted(glob.glob(gtdir + '/*.json')):
    name = g.split('/')[-1][:-5]
    try: pred = json.load(open(f'{outdir}/{name}.ocr.json'))
    except FileNotFoundError: continue
    gt = json.load(open(g))
    pw = [(w['text'], w['box']) for l in pred for w in l['words']]
    used = [False]*len(pw)
    gw = [w for l in gt for w in l['words']]
    matched = [None]*len(gw)
    for pass_ in (0, 1):
        for gi, w in enumerate(gw):
            if matched[gi] is not None: continue
            for k, (t, b) in enumerate(pw):
                if not used[k] and t == w['text'] and (pass_ == 1 or iou(b, w['box']) > 0.3):
                    used[k] = True; matched[gi] = k; break
    for gi, w in enumerate(gw):
        tot += 1
        if matched[gi] is not None: hit += 1; ious.append(iou(pw[matched[gi]][1], w['box']))
        else: missed.append((name, w['text']))
    for l in gt:
        if l['text'] in BUTTONS and l['box'][1] > 200:
            btn_total += 1
            if any(p['text'] == l['text'] and iou(p['box'], l['box']) > 0.5 for p in pred): btn_ok += 1
            else: missed.append((name, 'BUTTON ' + l['text']))
        bi = max([iou(p['box'], l['box']) for p in pred] or [0]); lineious.append(bi)
    extra += [(name, pw[k][0]) for k in range(len(pw)) if not used[k]]
print(f'word accuracy {hit}/{tot} = {hit/tot:.4f}; matched-word box IoU mean {sum(ious)/len(ious):.3f}, min {min(ious):.3f}; line IoU mean {sum(lineious)/len(lineious):.3f}')
print(f'white-on-colour button lines read exactly: {btn_ok}/{btn_total}')
print('missed:', missed)
print('extra :', extra)
