"""Losses: CenterNet focal loss on the class heatmaps (with the merged-state handling for
datasets without toggle/checkbox states) and TTFNet's Gaussian-weighted GIoU box loss."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from .classes import STATE_PAIRS
from .model import STRIDE

# Focal loss exponents from CenterNet (Zhou et al. 2019): alpha = 2, beta = 4.
FOCAL_ALPHA = 2.0
FOCAL_BETA = 4.0
# Box loss weight 5 (TTFNet, Liu et al. 2019).
BOX_WEIGHT = 5.0


def _focal_terms(p, gt):
    """Per-pixel focal loss; p are probabilities (clamped), gt Gaussian targets."""
    p = p.clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    pos_loss = -torch.log(p) * (1 - p) ** FOCAL_ALPHA * pos
    neg_loss = -torch.log(1 - p) * p ** FOCAL_ALPHA * (1 - gt) ** FOCAL_BETA * (1 - pos)
    return pos_loss, neg_loss, pos


def heatmap_loss(logits, heat, mheat, class_weights=None):
    """logits/heat [N,C,h,w]; mheat [N,P,h,w] targets of state-unknown boxes per pair.
    Inside a merged box's Gaussian window the two state channels are not trained one by one;
    instead max(p_selected, p_unselected) is trained against the merged target."""
    p = torch.sigmoid(logits)
    pos_loss, neg_loss, pos = _focal_terms(p, heat)
    ignore = torch.zeros_like(heat)
    merged_loss = logits.new_zeros(())
    n_pos = pos.sum()
    for k, (sel, unsel) in enumerate(STATE_PAIRS):
        region = (mheat[:, k] > 0).float()
        if region.sum() == 0:
            continue
        ignore[:, sel] = region
        ignore[:, unsel] = region
        pm = torch.maximum(p[:, sel], p[:, unsel])
        mp, mn, mpos = _focal_terms(pm, mheat[:, k])
        merged_loss = merged_loss + ((mp + mn) * region).sum()
        n_pos = n_pos + mpos.sum()
    keep = 1 - ignore
    if class_weights is not None:
        pos_loss = pos_loss * class_weights.view(1, -1, 1, 1)
    total = ((pos_loss + neg_loss) * keep).sum() + merged_loss
    return total / n_pos.clamp(min=1)


def cell_centres(h, w, device):
    ys = (torch.arange(h, device=device, dtype=torch.float32) + 0.5) * STRIDE
    xs = (torch.arange(w, device=device, dtype=torch.float32) + 0.5) * STRIDE
    return xs.view(1, 1, w).expand(1, h, w), ys.view(1, h, 1).expand(1, h, w)


def giou_loss(dist, tbox, weight):
    """dist [N,4G,h,w] predicted distances (l,t,r,b) in px; tbox [N,4G,h,w] target x1,y1,x2,y2;
    weight [N,G,h,w] (or [N,h,w] when G = 1). G regression maps (shared, or one per class)."""
    n, ch, h, w = dist.shape
    groups = ch // 4
    dist = dist.reshape(n * groups, 4, h, w)
    tbox = tbox.reshape(n * groups, 4, h, w)
    weight = weight.reshape(n * groups, h, w)
    m = weight > 0
    if m.sum() == 0:
        return dist.sum() * 0
    cx, cy = cell_centres(h, w, dist.device)
    px1, py1 = cx - dist[:, 0], cy - dist[:, 1]
    px2, py2 = cx + dist[:, 2], cy + dist[:, 3]
    tx1, ty1, tx2, ty2 = tbox[:, 0], tbox[:, 1], tbox[:, 2], tbox[:, 3]
    px1, py1, px2, py2 = px1[m], py1[m], px2[m], py2[m]
    tx1, ty1, tx2, ty2 = tx1[m], ty1[m], tx2[m], ty2[m]
    wt = weight[m]
    inter = (torch.min(px2, tx2) - torch.max(px1, tx1)).clamp(min=0) * \
            (torch.min(py2, ty2) - torch.max(py1, ty1)).clamp(min=0)
    ap = (px2 - px1).clamp(min=0) * (py2 - py1).clamp(min=0)
    at = (tx2 - tx1) * (ty2 - ty1)
    union = ap + at - inter + 1e-6
    iou = inter / union
    enc = (torch.max(px2, tx2) - torch.min(px1, tx1)) * (torch.max(py2, ty2) - torch.min(py1, ty1)) + 1e-6
    giou = iou - (enc - union) / enc
    return ((1 - giou) * wt).sum() / (wt.sum() + 1e-4)


def detection_loss(outputs, targets, class_weights=None):
    logits, dist = outputs
    heat, mheat, tbox, bw = targets
    lh = heatmap_loss(logits, heat, mheat, class_weights)
    lb = giou_loss(dist, tbox, bw) * BOX_WEIGHT
    return lh + lb, {"heat": float(lh), "box": float(lb)}
