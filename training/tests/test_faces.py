"""The face cascade's pure parts (faces.py): the Swift `ONNXFaceDetector` mirrors each of them."""
import json
import os

import numpy as np
import pytest

from screenrec_training.content import faces as F

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def test_area_resize_is_the_swift_box_rule():
    # 4×4 → 2×2 averages 2×2 blocks; 2×2 → 4×4 repeats each pixel (the floor pixel).
    a = np.arange(16, dtype=np.float32).reshape(4, 4)[..., None].repeat(3, 2)
    small = F.area_resize(a, 2, 2)
    assert small[..., 0].tolist() == [[2.5, 4.5], [10.5, 12.5]]
    big = F.area_resize(small, 4, 4)
    assert big[..., 0].tolist() == [[2.5, 2.5, 4.5, 4.5]] * 2 + [[10.5, 10.5, 12.5, 12.5]] * 2
    # 3 → 2 columns: spans [0, 1) and [1, 3)
    row = np.array([[0, 3, 6]], np.float32)[..., None].repeat(3, 2)
    assert F.area_resize(row, 2, 1)[..., 0].tolist() == [[0.0, 4.5]]


@pytest.mark.parametrize("second, mode, kept", [
    ((5, 0, 25, 20), "union", [1]),       # IoU 0.6 > 0.5
    ((10, 0, 30, 20), "union", [1, 0]),   # IoU 1/3
    ((2, 2, 12, 12), "min", [1]),         # inside: 1.0 over the smaller box
    ((2, 2, 12, 12), "union", [1, 0]),    # but IoU 0.25
])
def test_nms(second, mode, kept):
    boxes = np.array([[0, 0, 20, 20, 0.7], [*second, 0.9]], np.float64)
    assert F.nms(boxes, 0.5, mode) == kept


def test_calibrate_and_square():
    b = np.array([[10, 20, 30, 60, 1.0]])
    c = F.calibrate(b, np.array([[0.1, -0.05, -0.1, 0.05]]))
    assert np.allclose(c[0, :4], [12, 18, 28, 62])
    assert np.allclose(F.square(c)[0, :4], [-2, 18, 42, 62])


def test_scales_and_labels():
    s = F.scales(100, 80, 20)
    assert len(s) == 5 and abs(s[0] - 0.6) < 1e-12
    assert 80 * s[-1] >= 12 > 80 * s[-1] * F.PYRAMID_FACTOR
    assert F.scales(11, 40, 12) == []
    assert [F.people_label(n) for n in (0, 1, 2, 3, 9)] == [None, "Person", "Two people", "Group of people", "Group of people"]


def test_crops_pad_outside_with_black():
    rgb = np.full((10, 10, 3), 255, np.float32)
    x = F.crops(rgb, np.array([[-5, -5, 5, 5, 1.0]]), 2)
    # top-left quarter black (0 → (0 − 127.5) / 128), bottom-right white
    assert x.shape == (1, 3, 2, 2)
    assert abs(x[0, 0, 0, 0] - (-127.5 / 128)) < 1e-6 and abs(x[0, 0, 1, 1] - (127.5 / 128)) < 1e-6


def test_shipped_contracts_agree_with_the_module():
    """Models/faces/*.model.json carry the module's thresholds and cascade settings."""
    folder = os.path.join(ROOT, "Models", "faces")
    for i, (stage, window) in enumerate(F.STAGES.items()):
        c = json.load(open(os.path.join(folder, stage, "model.json")))
        assert c["format"] == F.FORMAT and c["stage"] == stage and c["window"] == window
        assert c["threshold"] == F.THRESHOLDS[i]
        assert c["bytes"] == os.path.getsize(os.path.join(folder, stage, c["file"]))
    p = json.load(open(os.path.join(folder, "pnet", "model.json")))["cascade"]
    assert p["pyramidFactor"] == F.PYRAMID_FACTOR and p["cell"] == F.CELL and p["stride"] == F.STRIDE
    assert [p["nms"][k] for k in ("perScale", "acrossScales", "refine", "outputMin")] == list(F.NMS)


def test_usable_drops_non_finite_and_empty_boxes():
    b = np.array([[0, 0, 10, 10, 1], [np.nan, 0, 10, 10, 1], [5, 0, 5, 10, 1], [0, 0, 1e9, 10, 1], [-5, -5, 10, 10, 1]], float)
    assert F.usable(b)[:, 0].tolist() == [0, -5]
