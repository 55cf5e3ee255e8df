"""Training, evaluation and export of the Screen Recognition UI element detector (paper §4)."""
