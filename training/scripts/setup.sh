#!/usr/bin/env bash
# Installs what training/ needs on Debian 12 (run as root). Torch is Debian's (CPU); the PyPI
# wheel pulls 5 GB of CUDA libraries and was no faster here (notes/onnxruntime-on-linux.md).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
apt-get update
apt-get install -y python3-torch python3-torchvision python3-pil python3-yaml python3-pip unzip \
  chromium fonts-inter fonts-roboto-unhinted fonts-noto-core fonts-open-sans fonts-lato \
  fonts-dejavu-core fonts-liberation2 fonts-cantarell \
  python-qtawesome-common fonts-material-design-icons-iconfont bootstrap-icons librsvg2-bin
/usr/bin/python3 -m pip install --user --break-system-packages -r "$here/requirements.txt"
PATH=/usr/bin:$PATH bash "$here/scripts/fetch_assets.sh"
