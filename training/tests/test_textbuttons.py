"""Text-button model: features, crops, matching, training step, export contract."""
import json
import os

import numpy as np
import pytest

from screenrec_training.textbuttons import dataset, features
from screenrec_training.textbuttons.features import FEATURES, HEIGHT, WIDTH, area_resize, crop, crop_box, layout_features


def test_crop_box_grows_by_context_times_height():
    assert crop_box([100, 50, 80, 20]) == (84, 34, 196, 86)


def test_crop_repeats_edges_and_has_model_size():
    img = np.zeros((40, 60, 3), np.uint8)
    img[:, :30] = 255
    c = crop(img, [0, 0, 60, 40])
    assert c.shape == (HEIGHT, WIDTH, 3) and c.dtype == np.uint8
    assert c[:, 0].min() == 255 and c[:, -1].max() == 0  # the left edge repeats white, the right black


@pytest.mark.parametrize("src,out", [((4, 4), (2, 2)), ((3, 5), (6, 10)), ((7, 3), (2, 2))])
def test_area_resize_bins_like_swift(src, out):
    a = np.arange(src[0] * src[1] * 3, dtype=np.float64).reshape(src[0], src[1], 3)
    r = area_resize(a, out[1], out[0])
    assert r.shape == (out[0], out[1], 3)
    if src == (4, 4):  # 2x2 bins average
        assert r[0, 0, 0] == a[:2, :2, 0].mean()
    if src == (3, 5):  # upscaling takes the covering pixel
        assert r[1, 1, 0] == a[0, 0, 0] and r[5, 9, 0] == a[2, 4, 0]


def test_layout_features_row_neighbours_icon_and_repetition():
    screen_w, screen_h = 400, 800
    box = [100, 100, 60, 20]
    texts = [box, [200, 102, 60, 20], [100, 300, 62, 21], [10, 500, 200, 40]]
    icons = [[60, 100, 20, 20], [300, 600, 20, 20]]
    f = layout_features(box, texts, icons, screen_w, screen_h)
    assert len(f) == len(FEATURES)
    assert f[0] == pytest.approx(130 / 400) and f[1] == pytest.approx(110 / 800)
    assert f[3] == pytest.approx(20 / 400)
    assert f[5] == pytest.approx(1 / 4)  # one text beside it on its row
    assert f[6] == 1.0  # icon 20 px to its left, within 2 x 20
    assert f[7] == pytest.approx(2 / 6)  # two texts of about its size
    assert f[8] == pytest.approx(20 / 21 / 3)  # median text height 21
    assert f[9] == 1.0  # nothing above
    assert f[10] == pytest.approx((180 / 20) / 5 if 180 / 20 < 5 else 1.0)  # the text at y 300 is 9 heights below: capped
    assert f[11] == 1.0


def test_labels_match_like_text_button_metrics():
    buttons, statics, cells = [[0, 0, 100, 40]], [[0, 100, 100, 20]], [[0, 200, 300, 60]]
    assert dataset.label_for([10, 10, 60, 20], buttons, statics, cells) == 1
    assert dataset.label_for([10, 102, 60, 16], buttons, statics, cells) == 0
    assert dataset.label_for([10, 210, 60, 20], buttons, statics, cells) is None  # inside an icon+text cell
    assert dataset.label_for([1, 1, 2, 2], buttons, statics, cells) == 1  # a small text in a large tappable row
    assert dataset.label_for([50, 10, 80, 20], buttons, statics, cells) is None  # centre inside, but 37 % outside


def test_train_threshold_and_export(tmp_path):
    torch = pytest.importorskip("torch")
    from screenrec_training.textbuttons import export, train
    rng = np.random.default_rng(0)
    n = 64
    crops = rng.integers(0, 255, (n, HEIGHT, WIDTH, 3), dtype=np.uint8)
    labels = (np.arange(n) % 4 == 0).astype(np.int8)
    crops[labels == 1, :, :, 2] = 255  # a learnable cue
    feats = rng.random((n, len(FEATURES)), dtype=np.float32)
    for split in ("train", "valid"):
        np.savez(tmp_path / f"{split}.npz", crops=crops, features=feats, labels=labels,
                 image_ids=np.arange(n) // 4, sources=np.array(["ios" if i < 16 else "android-rico" for i in range(n)]))
    run = tmp_path / "run"
    train.main(["--data", str(tmp_path), "--out", str(run), "--epochs", "2", "--folds", "2", "--device", "cpu", "--threads", "1"])
    report = json.load(open(run / "report.json"))
    assert 0 <= report["threshold"] <= 1 and "valid" in report and "heldOutIOS" in report
    out = tmp_path / "model"
    export.main(["--run", str(run), "--data", str(tmp_path), "--out", str(out), "--fixtures", str(tmp_path / "fx")])
    contract = json.load(open(out / "model.json"))
    assert contract["features"] == FEATURES and contract["crop"] == {"width": WIDTH, "height": HEIGHT, "context": features.CONTEXT}
    assert contract["bytes"] == os.path.getsize(out / "textbuttons.onnx")
    fx = json.load(open(tmp_path / "fx" / "fixtures.json"))
    assert len(fx["probabilities"]) == 6


def test_threshold_for_precision_picks_lowest_holding_threshold():
    from screenrec_training.textbuttons.train import threshold_for_precision
    probs = np.array([0.9, 0.8, 0.7, 0.6, 0.5])
    labels = np.array([1, 1, 1, 0, 0])
    assert threshold_for_precision(probs, labels, 0.9) == pytest.approx(0.7)
