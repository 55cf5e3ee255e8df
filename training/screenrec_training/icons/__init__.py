"""The icon classifier (paper §5.2): icon families, hand-checked name→meaning table, rendering,
training and export. See training/README.md ("Icon classifier") and Models/icons/MODEL_CARD.md."""
