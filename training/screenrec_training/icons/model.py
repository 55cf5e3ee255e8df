"""A small CNN over 40x40 RGB icon crops: one logit per meaning (table.MEANINGS) + "other"."""
from __future__ import annotations

import torch
from torch import nn


def _block(cin: int, cout: int, stride: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class IconNet(nn.Module):
    def __init__(self, classes: int = 39, width: int = 16):
        super().__init__()
        w = width
        # ~17 M multiply-adds at width 16: sized for CPU training on a shared 2-core machine and
        # well under the 5 ms per icon target (measured in Models/icons/MODEL_CARD.md).
        self.features = nn.Sequential(
            _block(3, w, 1),                                  # 40
            _block(w, 2 * w, 2), _block(2 * w, 2 * w, 1),     # 20
            _block(2 * w, 4 * w, 2), _block(4 * w, 4 * w, 1),  # 10
            _block(4 * w, 8 * w, 2), _block(8 * w, 8 * w, 1),  # 5
        )
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(8 * w, classes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


class ExportWrapper(nn.Module):
    """What ships: normalised input in, softmax probabilities out."""

    def __init__(self, net: IconNet):
        super().__init__()
        self.net = net

    def forward(self, image: torch.Tensor) -> torch.Tensor:
        return torch.softmax(self.net(image), dim=1)
