"""The icon classifier's training pieces (screenrec_training/icons) on tiny inputs."""
import json
import os
import random
import re
import sys

import numpy as np
import pytest

from screenrec_training.icons import preprocess as pp
from screenrec_training.icons.table import CLASSES, EXTENDED, MEANINGS, OTHER, PAPER_MEANINGS, load_table

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_meanings_match_the_swift_contract():
    src = open(os.path.join(ROOT, "Sources/ScreenRecognition/Model/ElementClass.swift")).read()
    body = src[src.index("enum IconMeaning"):src.index("public var spokenLabel")]
    # a Swift keyword as a case name is written in backticks (`repeat`)
    ids = [w.strip("`") for line in re.findall(r"^\s*case ([a-z`, ]+)$", body, re.M) for w in re.split(r",\s*", line.strip())]
    # The last three (forward, up, down) are derived from "back" on the turned glyph, not model classes.
    assert ids == MEANINGS + ["forward", "up", "down"]
    assert CLASSES == MEANINGS + [OTHER]


def test_table_covers_every_meaning_and_keeps_design_groups_on_one_side():
    table = load_table()
    assert {d["split"] for d in table.values()} == {"train", "val", "gen"}
    for fam, d in table.items():
        assert list(d["meanings"]) == MEANINGS, fam
        # every family draws the paper's 38; the extended meanings where the family has them
        assert all(d["meanings"][m] for m in PAPER_MEANINGS), fam
        names = [n for ns in d["meanings"].values() for n in ns]
        assert len(names) == len(set(names)), f"{fam}: a glyph is listed under two meanings"
    # each extended meaning is trained on several families' designs and held out in at least one
    for m in EXTENDED:
        train = [f for f, d in table.items() if d["split"] == "train" and d["meanings"][m]]
        held = [f for f, d in table.items() if d["split"] == "val" and d["meanings"][m]]
        assert len(train) >= 3 and held, (m, train, held)
    # generalisation families are never trained or validated on
    assert {f for f, d in table.items() if d["split"] == "gen"} == {"lucide", "heroicons"}


def test_table_rejects_a_group_split_across_sides(tmp_path):
    table = load_table()
    table["fa5"]["split"] = "val"  # fa4 (same design group) stays in train
    p = tmp_path / "t.json"
    p.write_text(json.dumps(table))
    with pytest.raises(ValueError, match="fontawesome"):
        load_table(str(p))


def _area_resize_reference(img, width, height):
    H, W = img.shape[:2]
    sx, sy = W / width, H / height
    out = np.zeros((height, width, 3))
    for y in range(height):
        y0 = min(H - 1, int(y * sy)); y1 = max(min(H, int((y + 1) * sy)), y0 + 1)
        for x in range(width):
            x0 = min(W - 1, int(x * sx)); x1 = max(min(W, int((x + 1) * sx)), x0 + 1)
            out[y, x] = img[y0:y1, x0:x1, :3].reshape(-1, 3).mean(0)
    return out


@pytest.mark.parametrize("shape", [(97, 61), (40, 40), (13, 29), (200, 120)])
def test_area_resize_matches_the_per_pixel_definition(shape):
    img = np.random.default_rng(0).integers(0, 256, shape + (3,)).astype(np.uint8)
    got = pp.area_resize(img, 40, 40)
    assert np.allclose(got, _area_resize_reference(img, 40, 40), atol=1e-3)


def test_crop_is_square_centred_and_repeats_edges():
    rows, cols = pp.crop_indices(100, 50, (90, 40, 20, 10))  # partly outside on the right and bottom
    side = pp.rnd(20 * 1.15)
    assert len(rows) == len(cols) == side
    assert cols.max() == 99 and rows.max() == 49           # clamped to the last pixel
    assert cols[0] == pp.rnd(100 - side / 2)               # centred on x = 100
    x = pp.preprocess(np.zeros((50, 100, 3), np.uint8), (0, 0, 100, 50))
    assert x.shape == (3, pp.SIZE, pp.SIZE) and np.allclose(x, -1.0)  # black → (0 - 0.5) / 0.5


def test_rendered_samples_are_model_inputs():
    from screenrec_training.icons.render import render_sample
    mask = np.zeros((60, 50), np.uint8)
    mask[10:50, 20:30] = 255
    rng = random.Random(3)
    xs = [render_sample(mask, rng) for _ in range(20)]
    assert all(x.shape == (pp.SIZE, pp.SIZE, 3) and x.dtype == np.uint8 for x in xs)
    assert all(x.std() > 5 for x in xs), "the glyph must be visible in every sample"


def test_threshold_choice_and_decision_rule():
    from screenrec_training.icons.export import choose_threshold, decide
    n = len(CLASSES)
    probs = np.full((4, n), 0.0, np.float32)
    probs[0, 0] = 0.9; probs[0, 1] = 0.1          # confident, correct
    probs[1, 2] = 0.3; probs[1, 3] = 0.7          # confident, wrong
    probs[2, 5] = 0.4; probs[2, -1] = 0.6         # "other" wins → unknown
    probs[3, 4] = 0.35; probs[3, 6] = 0.33; probs[3, -1] = 0.32  # other-meaning icon, weakly "4"
    assert list(decide(probs, 0.5)) == [0, 3, -1, -1]
    assert list(decide(probs, 0.2)) == [0, 3, -1, 4]
    y = np.array([0, 2, 5, len(MEANINGS)])
    t, curve = choose_threshold(probs, y)
    assert 0.35 < t <= 0.9  # rejects the weak "4" while keeping the correct 0.9
    assert len(curve) == 91


def test_train_and_export_end_to_end(tmp_path):
    """One epoch of a tiny net on random data, exported: the contract names what Swift checks, and
    the ONNX file returns probabilities."""
    import onnxruntime as ort
    from screenrec_training.icons import export, train
    rng = np.random.default_rng(0)
    data = tmp_path / "data"
    data.mkdir()
    for split, n in (("train", 256), ("val", 80), ("gen", 80)):
        y = rng.integers(0, len(CLASSES), n)
        np.savez_compressed(data / f"{split}.npz", x=rng.integers(0, 256, (n, pp.SIZE, pp.SIZE, 3)).astype(np.uint8),
                            y=y, glyph=np.zeros(n, np.int32))
        (data / f"{split}.json").write_text(json.dumps({"families": ["fake"], "glyphs": 1, "glyphList": [["fake", "x", "back"]]}))
    run = tmp_path / "run"
    sys.argv = ["train", "--data", str(data), "--run", str(run), "--epochs", "1", "--width", "4", "--batch", "64"]
    train.main()
    assert (run / "best.pt").exists()
    out = tmp_path / "out"
    sys.argv = ["export", "--checkpoint", str(run / "best.pt"), "--data", str(data), "--out", str(out)]
    export.main()
    c = json.loads((out / "model.json").read_text())
    assert c["format"] == "screenrecognition-icon-classifier" and c["classes"] == CLASSES
    assert c["input"]["width"] == pp.SIZE and c["input"]["normalization"]["mean"] == [0.5] * 3
    assert 0 <= c["unknownThreshold"] <= 1 and c["bytes"] == os.path.getsize(out / "icons.onnx")
    p = ort.InferenceSession(str(out / "icons.onnx")).run(["probabilities"], {"image": np.zeros((2, 3, pp.SIZE, pp.SIZE), np.float32)})[0]
    assert p.shape == (2, len(CLASSES)) and np.allclose(p.sum(1), 1, atol=1e-5)
    m = json.loads((out / "metrics.json").read_text())
    assert set(m["results"]) == {"val", "gen"}


# --- styles, procedural glyphs, held-out styles -------------------------------------------------

def _square(side=60, pad=18):
    m = np.zeros((side + 2 * pad, side + 2 * pad), np.uint8)
    m[pad:pad + side, pad:pad + side] = 255
    return m


def _ink(m):
    return int((m > 128).sum())


def test_weight_thickens_and_thins_strokes():
    from screenrec_training.icons import styles
    bar = np.zeros((96, 96), np.uint8)
    bar[10:86, 44:52] = 255                        # an 8 px vertical stroke
    bold, thin = styles.weight(bar, 3.0), styles.weight(bar, -2.0)
    width = lambda m: int((m[m.shape[0] // 2] > 128).sum())
    assert width(bold) >= 12 and 2 <= width(thin) <= 6
    assert _ink(bold) > _ink(bar) > _ink(thin) > 0


def test_rounded_cuts_corners_but_keeps_the_area():
    from screenrec_training.icons import styles
    sq = _square()
    r = styles.rounded(sq, 5.0)
    assert r[0, 0] < 128 and r[r.shape[0] // 2, r.shape[1] // 2] == 255    # corner gone, centre kept
    assert abs(_ink(r) - 60 * 60) / (60 * 60) < 0.05


def test_outline_from_solid_is_hollow():
    from screenrec_training.icons import styles
    sq = _square()
    o = styles.outline(sq, 5.0)
    assert o[o.shape[0] // 2, o.shape[1] // 2] == 0                           # hole in the middle
    assert o[o.shape[0] // 2, 1] > 128                                       # the rim stays
    assert styles.solid_fraction(sq) > 0.6 and styles.solid_fraction(o) < 0.1


def test_random_style_keeps_the_glyph_or_gives_up():
    from screenrec_training.icons import styles
    rng = random.Random(0)
    hairline = np.zeros((96, 96), np.uint8)
    hairline[10:86, 47:49] = 255
    for mask in (_square(), hairline):
        for _ in range(30):
            out = styles.random_style(mask, rng)
            assert out is None or (out.dtype == np.uint8 and _ink(out) >= 0.33 * _ink(mask) and min(out.shape) >= 4)


def test_procedural_glyphs_are_deterministic_and_cover_the_simple_meanings():
    from screenrec_training.icons import procedural
    kinds = [k for ks in procedural.KINDS.values() for k in ks]
    for k in kinds:
        a, b = procedural.draw(f"{k}-7"), procedural.draw(f"{k}-7")
        assert a.shape == (procedural.SIZE, procedural.SIZE) and np.array_equal(a, b), k
        assert 0.01 < (a > 128).mean() < 0.97, k
    assert set(procedural.SIMPLE) <= set(procedural.KINDS)
    gl = procedural.glyphs(2, 1)
    assert {CLASSES[c] for _, c, _, _ in gl} == set(procedural.KINDS)
    assert len(gl) == 2 * (len(procedural.KINDS) - 1) + 1 * len(procedural.KINDS[OTHER])


def test_back_and_forward_chevrons_are_mirror_images_in_kind():
    from screenrec_training.icons import procedural
    # same seed → same parameters, so an uncontained forward glyph is the back glyph mirrored
    # (checked on the ink's centre of mass: back leans left... its tip is on the left)
    for n in range(20):
        b = procedural.draw(f"back-{n}")
        ys, xs = np.nonzero(b > 128)
        if len(xs) and b[procedural.SIZE // 2].max() > 0:
            tip = xs[np.abs(ys - procedural.SIZE // 2) < 3].min()
            assert tip < xs.mean()


def test_held_out_families_stand_for_three_styles_and_test_sets_are_untouched():
    table = load_table()
    held = {d["heldOutFor"] for d in table.values() if d.get("heldOutFor")}
    assert {"thin-outline", "solid", "rounded"} <= held
    assert all(d["split"] == "val" for d in table.values() if d.get("heldOutFor"))
    # reserved for testing: never in train or val
    assert {f for f, d in table.items() if d["split"] == "gen"} == {"lucide", "heroicons"}


def test_styled_renders_and_button_shapes_stay_model_inputs():
    from screenrec_training.icons import render
    mask = _square(40, 4)
    rng = random.Random(5)
    xs = [render.render_sample(mask, rng, style=True) for _ in range(40)]
    assert all(x.shape == (pp.SIZE, pp.SIZE, 3) and x.dtype == np.uint8 and x.std() > 3 for x in xs)


def test_dataset_renders_do_not_depend_on_worker_count(monkeypatch):
    from screenrec_training.icons import dataset, procedural
    glyphs = procedural.glyphs(1, 1)[:6]
    monkeypatch.setattr(dataset, "_GLYPHS", glyphs)
    monkeypatch.setattr(dataset, "_JOB", {"plan": dict(dataset.PLAN["train"], per_glyph=2, per_negative=1), "scale": 0.05})
    a = [dataset._renders(i) for i in range(len(glyphs))]
    b = [dataset._renders(i) for i in reversed(range(len(glyphs)))][::-1]
    assert all(np.array_equal(x, y) for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def _exported_iconnet(classes: int, path: str):
    """A small IconNet with non-trivial batch-norm statistics (as a trained model has), in eval
    mode, exported to ONNX at `path` as export.py does."""
    import torch
    from screenrec_training.icons.model import ExportWrapper, IconNet
    torch.manual_seed(0)
    net = IconNet(classes, 4)
    for m in net.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5); m.running_var.uniform_(0.5, 2); m.weight.data.uniform_(0.5, 1.5)
    net.eval()
    torch.onnx.export(ExportWrapper(net).eval(), torch.zeros(1, 3, pp.SIZE, pp.SIZE), path, input_names=["image"],
                      output_names=["probabilities"], dynamic_axes={"image": {0: "n"}, "probabilities": {0: "n"}},
                      opset_version=13)
    return net


def test_init_from_onnx_reproduces_the_exported_model(tmp_path):
    """Fine-tuning r3 starts from r2's ONNX file (no checkpoint kept): the folded weights loaded
    back give the same probabilities in eval mode."""
    import onnxruntime as ort
    import torch
    from screenrec_training.icons.model import IconNet
    from screenrec_training.icons.train import init_from_onnx
    path = str(tmp_path / "m.onnx")
    _exported_iconnet(len(CLASSES), path)
    x = torch.rand(16, 3, pp.SIZE, pp.SIZE) * 2 - 1
    dst = IconNet(len(CLASSES), 4)
    init_from_onnx(dst, path, x)
    dst.eval()
    want = ort.InferenceSession(path).run(["probabilities"], {"image": x.numpy()})[0]
    with torch.no_grad():
        got = torch.softmax(dst(x), 1).numpy()
    assert np.abs(got - want).max() < 1e-4


def test_derived_directions_turn_the_glyph_as_the_swift_classifier_does():
    """eval_ui_real's turns: a fake session that answers "back" only for a left-pointing input shows
    which turn finds forward, up and down (np.rot90 k=1 on (H, W) turns anticlockwise)."""
    from screenrec_training.icons import eval_ui_real as ev

    def arrow(direction):
        x = np.zeros((3, 9, 9), np.float32)
        tip = {"left": (4, 0), "right": (4, 8), "up": (0, 4), "down": (8, 4)}[direction]
        x[:, tip[0], tip[1]] = 1.0
        return x

    class Fake:
        def run(self, _, feeds):
            out = np.zeros((len(feeds["image"]), len(CLASSES)), np.float32)
            for i, x in enumerate(feeds["image"]):
                if x[0, 4, 0] == 1.0:  # points left: "back"
                    out[i, MEANINGS.index("back")] = 0.97
                else:
                    out[i, CLASSES.index(OTHER)] = 0.9
            return [out]

    for direction, meaning in (("right", "forward"), ("up", "up"), ("down", "down")):
        got = ev.derived_direction(Fake(), arrow(direction), 0.43)
        assert got is not None and got[0] == meaning, (direction, got)
    assert ev.derived_direction(Fake(), arrow("left"), 0.43) is None  # already "back": no turn reads it


def test_derived_directions_need_their_bars():
    """Forward needs "back" at >= MIRRORED_THRESHOLD on the mirrored glyph, up/down at >= TURNED_THRESHOLD
    on the turned one (the Swift classifier's mirroredThreshold / turnedThreshold)."""
    from screenrec_training.icons import eval_ui_real as ev

    class Fake:
        def __init__(self, p):
            self.p = p

        def run(self, _, feeds):
            out = np.zeros((len(feeds["image"]), len(CLASSES)), np.float32)
            out[:, MEANINGS.index("back")] = self.p
            out[:, CLASSES.index(OTHER)] = 1 - self.p
            return [out]

    x = np.zeros((3, 9, 9), np.float32)
    assert ev.derived_direction(Fake(ev.MIRRORED_THRESHOLD - 0.05), x, 0.43) is None
    got = ev.derived_direction(Fake((ev.MIRRORED_THRESHOLD + ev.TURNED_THRESHOLD) / 2), x, 0.43)
    assert got is not None and got[0] == "forward"  # over the mirrored bar only
    assert ev.MIRRORED_THRESHOLD < ev.TURNED_THRESHOLD


def test_procedural_persons_include_silhouette_busts(monkeypatch):
    """Half the persons are busts (procedural._bust): shoulders much wider than the head, ink down to
    the bottom edge; both kinds appear among the first names."""
    from screenrec_training.icons import procedural

    def widths(m):
        ink = m > 128
        rows = [np.nonzero(r)[0] for r in ink]
        return [r.max() - r.min() + 1 if len(r) else 0 for r in rows]

    for n in range(40):
        pen = procedural._Pen(random.Random(n))
        procedural._bust(pen)
        w = widths(pen.mask())
        s = procedural.SIZE
        assert max(w[2 * s // 3:]) >= 1.4 * max(w[: s // 4]), n  # shoulders wider than the head's top
    calls = []
    real = procedural._bust
    monkeypatch.setattr(procedural, "_bust", lambda pen: (calls.append(1), real(pen)))
    for n in range(40):
        procedural.draw(f"person-{n}")
    assert 8 <= len(calls) <= 32  # about BUST_FRACTION (0.5) of 40 persons


def test_init_from_onnx_maps_an_older_models_classes_by_name(tmp_path):
    """The fifth model starts from the fourth (38 meanings + other): its logits are copied row by
    row by class name (model.json beside the ONNX file); the new meanings keep fresh weights."""
    import torch
    from screenrec_training.icons.model import IconNet
    from screenrec_training.icons.train import init_from_onnx
    from screenrec_training.icons.export import remap
    old_classes = list(PAPER_MEANINGS) + [OTHER]
    path = str(tmp_path / "icons.onnx")
    src = _exported_iconnet(len(old_classes), path)
    (tmp_path / "model.json").write_text(json.dumps({"classes": old_classes}))
    x = torch.rand(8, 3, pp.SIZE, pp.SIZE) * 2 - 1
    dst = IconNet(len(CLASSES), 4)
    init_from_onnx(dst, path, x)
    dst.eval()
    with torch.no_grad():
        old, new = src(x), dst(x)
    for j, name in enumerate(old_classes):
        assert torch.allclose(old[:, j], new[:, CLASSES.index(name)], atol=1e-4), name
    # the older model's probabilities laid out as the new classes: its missing meanings get 0
    p = torch.softmax(old, 1).numpy()
    r = remap(p, old_classes)
    assert r.shape == (8, len(CLASSES)) and np.allclose(r[:, CLASSES.index("other")], p[:, -1])
    assert (r[:, [CLASSES.index(m) for m in EXTENDED]] == 0).all()
    assert remap(r, CLASSES) is r  # a model with today's classes is left as it is


# --- reading an icon from several crops (input.crop.scales) -------------------------------------

def test_scaled_box_keeps_the_centre():
    assert pp.scaled_box((10, 20, 40, 20), 1.0) == (10, 20, 40, 20)
    x, y, w, h = pp.scaled_box((10, 20, 40, 20), 1.5)
    assert (x + w / 2, y + h / 2, w, h) == (30, 30, 60, 30)


def test_combine_is_the_normalised_geometric_mean():
    p = np.array([[0.8, 0.1, 0.1], [0.2, 0.6, 0.2]], np.float32)
    g = np.sqrt(p[0] * p[1])
    assert np.allclose(pp.combine(p), g / g.sum(), atol=1e-6)
    assert np.allclose(pp.combine(p[:1]), p[0])  # one crop passes as it is
    # a class one crop rules out is floored, not vetoed outright
    z = pp.combine(np.array([[0.5, 0.5, 0.0], [0.0, 0.5, 0.5]], np.float32))
    assert z.argmax() == 1 and np.isclose(z.sum(), 1) and z[0] > 0


def test_rendered_crops_per_scale_share_the_picture():
    from screenrec_training.icons.render import render_sample
    mask = np.zeros((60, 50), np.uint8)
    mask[10:50, 20:30] = 255
    for seed in range(6):
        one = render_sample(mask, random.Random(seed))
        both = render_sample(mask, random.Random(seed), scales=(1.0, 1.3))
        assert both.shape == (2, pp.SIZE, pp.SIZE, 3) and both.dtype == np.uint8
        assert np.array_equal(both[0], one), "scale 1 is the one-crop sample"


def test_run_onnx_combines_the_crops_of_each_sample():
    from screenrec_training.icons.export import run_onnx

    class Fake:
        def run(self, _, feeds):
            x = feeds["image"]
            out = np.full((len(x), 3), 0.1, np.float32)
            out[:, 0] = (x.mean((1, 2, 3)) > 0).astype(np.float32) * 0.8  # bright crops say class 0
            return [out / out.sum(1, keepdims=True)]

    x = np.zeros((2, 2, pp.SIZE, pp.SIZE, 3), np.uint8)
    x[0, :] = 255          # both crops bright
    x[1, 0] = 255          # one bright, one dark
    p = run_onnx(Fake(), x)
    assert p.shape == (2, 3) and np.allclose(p.sum(1), 1, atol=1e-5)
    assert p[0, 0] > p[1, 0] > 0


def test_ui_real_evaluation_reads_the_contracts_scales(tmp_path, monkeypatch):
    """eval_ui_real reads each box at the contract's scales and combines them, as Swift does."""
    from PIL import Image
    from screenrec_training.icons import eval_ui_real as ev
    seen = []

    class Fake:
        def __init__(self, *_a, **_k):
            pass

        def run(self, _, feeds):
            seen.append(len(feeds["image"]))
            out = np.zeros((len(feeds["image"]), len(CLASSES)), np.float32)
            out[:, MEANINGS.index("add")] = 0.9
            out[:, CLASSES.index(OTHER)] = 0.1
            return [out]

    monkeypatch.setattr(ev.ort, "InferenceSession", Fake)
    Image.new("RGB", (60, 60), "white").save(tmp_path / "a.png")
    (tmp_path / "model.json").write_text(json.dumps({"file": "x.onnx", "unknownThreshold": 0.39, "classes": CLASSES,
                                                     "input": {"crop": {"context": 0.15, "scales": [1.0, 1.3]}}}))
    res = ev.evaluate({"icons": [{"image": "a.png", "box": [20, 20, 16, 16], "meaning": "add"}]}, str(tmp_path), str(tmp_path))
    assert seen == [2] and res["scales"] == [1.0, 1.3] and res["labelledCorrectly"] == 1.0


def test_recalibrate_writes_scales_and_a_threshold_for_them(tmp_path, monkeypatch):
    from screenrec_training.icons import recalibrate as rc

    class Fake:
        def __init__(self, *_a, **_k):
            pass

        def run(self, _, feeds):
            n = len(feeds["image"])
            out = np.zeros((n, len(CLASSES)), np.float32)
            out[:, 0] = 0.6
            out[:, CLASSES.index(OTHER)] = 0.4
            return [out]

    monkeypatch.setattr(rc.ort, "InferenceSession", Fake)
    data = tmp_path / "data"
    data.mkdir()
    for split in ("val", "gen"):
        np.savez_compressed(data / f"{split}.npz", x=np.zeros((4, 2, pp.SIZE, pp.SIZE, 3), np.uint8),
                            y=np.array([0, 0, 1, len(MEANINGS)]), glyph=np.zeros(4, np.int32))
        (data / f"{split}.json").write_text(json.dumps({"families": ["fake"], "glyphs": 1, "scales": [1.0, 1.3],
                                                        "glyphList": [["fake", "x", "back"]]}))
    model = tmp_path / "model"
    model.mkdir()
    (model / "model.json").write_text(json.dumps({"file": "x.onnx", "classes": CLASSES, "unknownThreshold": 0.35,
                                                  "input": {"crop": {"context": 0.15}}}))
    (model / "metrics.json").write_text(json.dumps({"results": {"old": 1}}))
    out = rc.recalibrate(str(model), str(data))
    c = json.loads((model / "model.json").read_text())
    m = json.loads((model / "metrics.json").read_text())
    assert c["input"]["crop"]["scales"] == [1.0, 1.3] and c["unknownThreshold"] == out["threshold"]
    assert m["oneCrop"]["results"] == {"old": 1} and set(m["results"]) == {"val", "gen"} and m["scales"] == [1.0, 1.3]
    with pytest.raises(SystemExit):
        (data / "val.json").write_text(json.dumps({"families": ["fake"], "glyphs": 1, "glyphList": []}))
        rc.recalibrate(str(model), str(data))


def test_real_crops_follow_the_swift_reading_and_hold_out_whole_sources(tmp_path):
    """icons/real.py: each labelled ui-real icon gives crops at both of the Swift side's crop scales,
    "none" is `other`, a "forward" chevron is trained as a mirrored "back", and a held-out source
    gives no crop at all."""
    from PIL import Image
    from screenrec_training.icons import real
    rgb = np.full((60, 80, 3), 255, np.uint8)
    rgb[20:30, 30:32] = 0          # a vertical bar left of centre in the box [24, 16, 18, 18]
    Image.fromarray(rgb).save(tmp_path / "a.png")
    icons = [{"image": "a.png", "box": [24, 16, 18, 18], "meaning": "forward", "source": "android-rico"},
             {"image": "a.png", "box": [24, 16, 18, 18], "meaning": "none", "source": "android-rico"},
             {"image": "missing.png", "box": [0, 0, 10, 10], "meaning": "close", "source": "other"}]
    x, y = real.build(icons, str(tmp_path), variants=4, seed=0)
    # the unreadable image is skipped; the arrow's crops come in pairs: turned to "back", and as it stands
    assert x.shape == (12, pp.SIZE, pp.SIZE, 3) and x.dtype == np.uint8
    assert list(y) == [CLASSES.index("back"), CLASSES.index(OTHER)] * 4 + [CLASSES.index(OTHER)] * 4
    # the first crops are the unjittered box at scales 1 and 1.3; "forward" is mirrored
    plain = real.crop(rgb, pp.scaled_box((24, 16, 18, 18), 1.0), "none")
    assert np.array_equal(x[0], plain[:, ::-1]) and np.array_equal(x[1], plain) and np.array_equal(x[8], plain)
    dark_cols = np.where(plain.mean(axis=(0, 2)) < 200)[0]
    assert dark_cols.mean() < pp.SIZE / 2 < np.where(x[0].mean(axis=(0, 2)) < 200)[0].mean()
    assert real.class_of("up") == real.class_of("down") == CLASSES.index("back")
    # a whole source held out by the command: only the other sources' icons are crops
    labels = tmp_path / "labels.json"
    labels.write_text(json.dumps({"about": "test", "icons": icons}))
    out = tmp_path / "out"
    sys_argv = sys.argv
    try:
        sys.argv = ["real", "--labels", str(labels), "--images", str(tmp_path), "--out", str(out),
                    "--hold-out", "android-rico", "--variants", "2"]
        real.main()
    finally:
        sys.argv = sys_argv
    assert len(np.load(out / "real.npz")["y"]) == 0
    # a malformed labels file stops with a message naming the entry, not a traceback
    labels.write_text(json.dumps({"about": "test", "icons": [{"image": "a.png", "box": [0, 0, 5], "meaning": "close", "source": "x"}]}))
    with pytest.raises(SystemExit, match="icon 0 needs"):
        real.load_labels(str(labels))
    labels.write_text(json.dumps({"icons": [{"image": "a.png", "box": [0, 0, 5, 5], "meaning": "teapot", "source": "x"}]}))
    with pytest.raises(SystemExit, match="known meaning"):
        real.load_labels(str(labels))
    labels.write_text("not json")
    with pytest.raises(SystemExit, match="not a labels file"):
        real.load_labels(str(labels))
