#!/usr/bin/env python3
"""Thin wrapper: python3 scripts/clickability.py --help (same as python3 -m screenrec_training.content.clickability)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from screenrec_training.content.clickability import main  # noqa: E402

if __name__ == "__main__":
    main()
