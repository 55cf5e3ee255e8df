import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def screenrec() -> str:
    """The screenrec binary: $SCREENREC_BIN, else the package's debug build (make test builds it)."""
    path = os.environ.get("SCREENREC_BIN") or str(ROOT / ".build/debug/screenrec")
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path} not found: build screenrec first (swift build --product screenrec) or set SCREENREC_BIN")
    return path
