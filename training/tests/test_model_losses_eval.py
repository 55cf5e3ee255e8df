import numpy as np
import torch

from screenrec_training.classes import CLASS_INDEX, NUM_CLASSES
from screenrec_training.evaluate import nms_per_class, pr_curves, summarise
from screenrec_training.losses import detection_loss, heatmap_loss
from screenrec_training.model import Detector, ExportWrapper, STRIDE


def test_model_shapes_and_size():
    m = Detector()
    n = sum(p.numel() for p in m.parameters())
    assert 0.3e6 < n < 3e6
    hm, box = Detector(width=0.25, fpn=16, head=16)(torch.rand(1, 3, 64, 32))
    assert hm.shape == (1, NUM_CLASSES, 16, 8) and box.shape == (1, 4, 16, 8) and (box >= 0).all()


class _Fixed(torch.nn.Module):
    def __init__(self, hm, box):
        super().__init__()
        self.hm, self.box = hm, box

    def forward(self, x):
        return self.hm, self.box


def test_export_wrapper_decoding():
    hm = torch.full((1, NUM_CLASSES, 16, 8), -10.0)
    hm[0, CLASS_INDEX["text"], 5, 3] = 3.0
    box = torch.zeros(1, 4, 16, 8)
    box[0, :, 5, 3] = torch.tensor([4.0, 2.0, 6.0, 3.0])
    out = ExportWrapper(_Fixed(hm, box), top_k=5)(torch.zeros(1, 3, 64, 32))
    assert out.shape == (1, 5, 6)
    cx, cy = (3 + 0.5) * STRIDE, (5 + 0.5) * STRIDE
    assert torch.allclose(out[0, 0], torch.tensor([cx - 4, cy - 2, cx + 6, cy + 3, torch.sigmoid(torch.tensor(3.0)), CLASS_INDEX["text"]]))
    assert out[0, 1, 4] < 1e-3


def test_merged_loss_accepts_either_state():
    C = NUM_CLASSES
    heat = torch.zeros(1, C, 8, 8)
    mheat = torch.zeros(1, 2, 8, 8)
    mheat[0, 1, 4, 4] = 1.0  # a toggle without state
    mheat[0, 1, 3:6, 3:6] = torch.maximum(mheat[0, 1, 3:6, 3:6], torch.tensor(0.5))
    mheat[0, 1, 4, 4] = 1.0
    base = torch.full((1, C, 8, 8), -8.0)
    sel, unsel = CLASS_INDEX["toggleSelected"], CLASS_INDEX["toggleUnselected"]
    a = base.clone(); a[0, sel, 4, 4] = 8.0
    b = base.clone(); b[0, unsel, 4, 4] = 8.0
    none = base.clone()
    la, lb, ln = heatmap_loss(a, heat, mheat), heatmap_loss(b, heat, mheat), heatmap_loss(none, heat, mheat)
    assert abs(float(la - lb)) < 1e-5 and la < ln


def test_detection_loss_runs_backward():
    m = Detector(width=0.25, fpn=16, head=16)
    out = m(torch.rand(2, 3, 64, 32))
    heat = torch.zeros(2, NUM_CLASSES, 16, 8); heat[:, 9, 4, 4] = 1
    tbox = torch.zeros(2, 4, 16, 8); tbox[:, :, 4, 4] = torch.tensor([10.0, 10.0, 26.0, 26.0])
    bw = torch.zeros(2, 16, 8); bw[:, 4, 4] = 1
    loss, parts = detection_loss(out, (heat, torch.zeros(2, 2, 16, 8), tbox, bw))
    loss.backward()
    assert np.isfinite(float(loss)) and parts["box"] > 0


def test_ap_perfect_and_partial():
    g = np.array([[0, 0, 10, 10], [20, 20, 30, 30]], np.float32)
    gc = np.array([CLASS_INDEX["icon"], CLASS_INDEX["text"]])
    perfect = [(g.copy(), np.array([0.9, 0.8]), gc.copy())]
    s = summarise(pr_curves(perfect, [(g, gc)]))
    assert s["mAP50"] == 1.0
    # the text box is missed and a false icon scores above the true icon
    p = [(np.array([[50, 50, 60, 60], [0, 0, 10, 10]], np.float32), np.array([0.9, 0.5]),
          np.array([CLASS_INDEX["icon"], CLASS_INDEX["icon"]]))]
    s = summarise(pr_curves(p, [(g, gc)]))
    assert s["per_class_AP50"]["icon"] == 0.5 and s["per_class_AP50"]["text"] == 0.0


def test_ap_states_merged():
    g = np.array([[0, 0, 10, 10]], np.float32)
    gc = np.array([CLASS_INDEX["toggleUnselected"]])
    p = [(g.copy(), np.array([0.9]), np.array([CLASS_INDEX["toggleSelected"]]))]
    assert summarise(pr_curves(p, [(g, gc)], merge_states=False))["mAP50"] == 0.0
    s = summarise(pr_curves(p, [(g, gc)], merge_states=True))
    assert s["mAP50"] == 1.0 and list(s["per_class_AP50"]) == ["toggleUnselected"]


def test_nms_per_class():
    b = np.array([[0, 0, 10, 10], [1, 1, 10, 10], [0, 0, 10, 10]], np.float32)
    bb, ss, cc = nms_per_class(b, np.array([0.9, 0.8, 0.7]), np.array([1, 1, 2]))
    assert len(bb) == 2 and set(cc.tolist()) == {1, 2}


def test_per_class_regression_targets_keep_nested_boxes_apart():
    # A dialog whose centre lies on its message text: with one shared map the text owns the
    # centre cell; per class each keeps its own box there.
    from screenrec_training.classes import CLASS_INDEX
    from screenrec_training.data import make_targets
    boxes = np.array([[8, 8, 56, 56], [24, 28, 40, 36]], np.float32)
    classes = np.array([CLASS_INDEX["dialog"], CLASS_INDEX["text"]])
    merged = np.zeros(2, bool)
    _, _, tb1, bw1 = make_targets(boxes, classes, merged, 64, 64)
    assert tb1.shape == (4, 16, 16) and bw1.shape == (16, 16)
    assert np.allclose(tb1[:, 8, 8], boxes[1])  # shared: the text wins the common centre
    _, _, tb, bw = make_targets(boxes, classes, merged, 64, 64, per_class=True)
    d, t = CLASS_INDEX["dialog"], CLASS_INDEX["text"]
    assert tb.shape == (4 * NUM_CLASSES, 16, 16) and bw.shape == (NUM_CLASSES, 16, 16)
    assert np.allclose(tb[4 * d:4 * d + 4, 8, 8], boxes[0]) and bw[d, 8, 8] > 0
    assert np.allclose(tb[4 * t:4 * t + 4, 8, 8], boxes[1]) and bw[t, 8, 8] > 0
    assert bw[CLASS_INDEX["icon"]].sum() == 0


def test_per_class_merged_box_regresses_both_states():
    from screenrec_training.classes import CLASS_INDEX
    from screenrec_training.data import make_targets
    boxes = np.array([[8, 8, 40, 24]], np.float32)
    _, _, tb, bw = make_targets(boxes, np.array([CLASS_INDEX["checkboxUnselected"]]), np.array([True]), 64, 64,
                                per_class=True)
    for name in ("checkboxSelected", "checkboxUnselected"):
        c = CLASS_INDEX[name]
        assert bw[c].sum() > 0 and np.allclose(tb[4 * c:4 * c + 4, 4, 6], boxes[0])


def test_export_wrapper_reads_the_peak_class_box_and_widening_keeps_outputs():
    from screenrec_training.model import widen_box_head
    hm = torch.full((1, NUM_CLASSES, 16, 8), -10.0)
    hm[0, 2, 5, 3] = 5.0
    hm[0, 7, 9, 1] = 4.0
    box = torch.zeros(1, 4 * NUM_CLASSES, 16, 8)
    box[0, 8:12, 5, 3] = torch.tensor([4.0, 2.0, 6.0, 3.0])    # class 2 at (row 5, col 3)
    box[0, 0:4, 5, 3] = torch.tensor([1.0, 1.0, 1.0, 1.0])     # another class's box there: ignored
    box[0, 28:32, 9, 1] = torch.tensor([2.0, 2.0, 2.0, 2.0])   # class 7 at (row 9, col 1)
    out = ExportWrapper(_Fixed(hm, box), top_k=2)(torch.zeros(1, 3, 64, 32))[0]
    cx, cy = 3.5 * 4, 5.5 * 4
    assert out[0, 5] == 2 and torch.allclose(out[0, :4], torch.tensor([cx - 4, cy - 2, cx + 6, cy + 3]))
    cx, cy = 1.5 * 4, 9.5 * 4
    assert out[1, 5] == 7 and torch.allclose(out[1, :4], torch.tensor([cx - 2, cy - 2, cx + 2, cy + 2]))
    shared = Detector(width=0.25, fpn=16, head=16).eval()
    wide = Detector(width=0.25, fpn=16, head=16, box_per_class=True).eval()
    wide.load_state_dict(widen_box_head(shared.state_dict()))
    x = torch.rand(1, 3, 64, 32)
    with torch.no_grad():
        a, b = ExportWrapper(shared, 20)(x), ExportWrapper(wide, 20)(x)
    assert torch.allclose(a, b, atol=1e-5)


def test_per_class_loss_trains():
    m = Detector(width=0.25, fpn=16, head=16, box_per_class=True)
    out = m(torch.rand(2, 3, 64, 32))
    assert out[1].shape == (2, 4 * NUM_CLASSES, 16, 8)
    heat = torch.zeros(2, NUM_CLASSES, 16, 8); heat[:, 4, 4, 4] = 1
    tbox = torch.zeros(2, 4 * NUM_CLASSES, 16, 8); tbox[:, 16:20, 4, 4] = torch.tensor([10.0, 10.0, 26.0, 26.0])
    bw = torch.zeros(2, NUM_CLASSES, 16, 8); bw[:, 4, 4, 4] = 1
    loss, parts = detection_loss(out, (heat, torch.zeros(2, 2, 16, 8), tbox, bw))
    loss.backward()
    assert parts["box"] > 0 and m.box_head[-1].weight.grad.abs().sum() > 0
