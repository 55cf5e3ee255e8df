"""The text-button network: a small CNN over the crop, an MLP over the layout features, fused."""
from __future__ import annotations

import torch
from torch import nn


def _block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class TextButtonNet(nn.Module):
    def __init__(self, n_features: int, width: int = 32):
        super().__init__()
        c = width
        self.conv = nn.Sequential(
            _block(3, c // 2), nn.MaxPool2d(2),          # 16 x 48
            _block(c // 2, c), nn.MaxPool2d(2),          # 8 x 24
            _block(c, 2 * c), _block(2 * c, 2 * c), nn.MaxPool2d(2),  # 4 x 12
            _block(2 * c, 2 * c),
        )
        self.feat = nn.Sequential(nn.Linear(n_features, 32), nn.ReLU(inplace=True))
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(4 * c + 32, 64), nn.ReLU(inplace=True), nn.Linear(64, 1))

    def forward(self, image, features):
        x = self.conv(image)
        x = torch.cat([x.mean(dim=(2, 3)), x.amax(dim=(2, 3)), self.feat(features)], dim=1)
        return self.head(x).squeeze(1)  # logits


class Exported(nn.Module):
    """The ONNX graph: probabilities [N] that each text is a button."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, image, features):
        return torch.sigmoid(self.net(image, features))
