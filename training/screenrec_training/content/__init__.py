"""Content models (paper §5.2, §5.4): picture descriptions (EfficientNet-Lite0 over
ImageNet, mapped to short alt-text labels) and icon clickability (gradient-boosted trees over the
Swift side's `IconFeatures`)."""
