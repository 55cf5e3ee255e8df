#!/usr/bin/env bash
# Creates integrations/ray/.venv (git-ignored) with this package and its pinned dependencies
# (ray[data], pytest) from PyPI, for `make test-ray` and CI on a fresh Debian machine.
# Idempotent: does nothing when the venv already imports them at the pinned versions.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv
want_ray=$(sed -n 's/.*"ray\[data\]==\([^"]*\)".*/\1/p' pyproject.toml)
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" - "$want_ray" <<'PYEOF' 2>/dev/null; then
import sys, ray, pytest, pandas, pyarrow, screenrec_ray
sys.exit(0 if ray.__version__ == sys.argv[1] else 1)
PYEOF
    exit 0
fi
if ! "$PY" -c "import venv, ensurepip" 2>/dev/null; then
    # Debian splits venv and ensurepip into python3-venv.
    echo "setup-ray: installing python3-venv" >&2
    SUDO=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "setup-ray: need root or sudo to apt-get install python3-venv" >&2; exit 1; }
        SUDO=sudo
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
fi
echo "setup-ray: creating integrations/ray/$VENV with ray[data]==$want_ray (PyPI)" >&2
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -e ".[test]"
